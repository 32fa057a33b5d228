import type { StaffRole } from '@scholar/shared';

/** How the staff pages name each role, and what it may do (docs/product.md, "Roles"). */
export const ROLE_LABELS: Record<StaffRole, string> = {
  admin: 'Admin',
  scholar: 'Scholar',
  shop: 'Shop',
};

export const ROLE_HINTS: Record<StaffRole, string> = {
  admin: 'everything, including the staff and the site settings',
  scholar: 'fatwahs and articles',
  shop: 'books, orders and refunds',
};

export const roleOption = (role: StaffRole) => `${ROLE_LABELS[role]}: ${ROLE_HINTS[role]}`;
