import type { UserRole } from './constants';

/**
 * The staff roles (docs/product.md, "Roles"; docs/decisions/047): accounts that work at a desk rather than buy.
 * `admin` works at every desk and alone manages the staff and the site settings; `scholar` the fatwah and article
 * desks; `shop` the books and the orders (with their refunds).
 */
export const STAFF_ROLES = ['admin', 'scholar', 'shop'] as const satisfies readonly UserRole[];
export type StaffRole = (typeof STAFF_ROLES)[number];

/** The desks, in the order the staff menu shows them. */
export const DESKS = ['orders', 'books', 'fatwahs', 'articles'] as const;
export type Desk = (typeof DESKS)[number];

/** Who may work at each desk; the server checks it on every staff route (`requireDesk`). */
export const DESK_ROLES = {
  orders: ['admin', 'shop'],
  books: ['admin', 'shop'],
  fatwahs: ['admin', 'scholar'],
  articles: ['admin', 'scholar'],
} as const satisfies Record<Desk, readonly StaffRole[]>;

export const isStaffRole = (role: UserRole | null | undefined): role is StaffRole =>
  role !== null && role !== undefined && (STAFF_ROLES as readonly UserRole[]).includes(role);

export const worksAtDesk = (role: UserRole | null | undefined, desk: Desk): boolean =>
  role !== null && role !== undefined && (DESK_ROLES[desk] as readonly UserRole[]).includes(role);

/** The desks of a role, in menu order (none for a customer). */
export const desksOf = (role: UserRole | null | undefined): Desk[] =>
  DESKS.filter((desk) => worksAtDesk(role, desk));
