import { desksOf, isStaffRole, paths, worksAtDesk, type Desk, type UserRole } from '@scholar/shared';

/**
 * The staff screens and the desk each belongs to (docs/product.md, "Who is sent where"; docs/decisions/047). The
 * server refuses every staff call of another desk; these only send a staff member to a screen they can use.
 */
export type StaffArea = Desk | 'admin' | 'staff';

/** Each desk's first screen: where its menu link and a staff member's redirects lead. */
export const DESK_HOME: Record<Desk, string> = {
  orders: paths.adminDashboard,
  books: paths.manageBooks,
  fatwahs: paths.adminFatwahs,
  articles: paths.adminArticles,
};

/** Screen path prefix → area; the longest prefix a path starts with decides. */
const AREAS: [string, StaffArea][] = [
  [paths.adminDashboard, 'orders'],
  [paths.adminOrder(''), 'orders'],
  [paths.adminDelivery, 'orders'],
  [paths.adminCoupons, 'orders'],
  [paths.manageBooks, 'books'],
  [paths.addBook, 'books'],
  [paths.adminBook(''), 'books'],
  [paths.adminFatwahs, 'fatwahs'],
  [paths.adminArticles, 'articles'],
  [paths.adminAdmins, 'admin'],
  [paths.adminSettings, 'admin'],
  [paths.adminProfile, 'staff'],
];

const startsWithPath = (pathname: string, prefix: string) =>
  pathname === prefix || pathname.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`);

/** The staff area of a screen, or null for a screen that is not a staff one. */
export function areaOf(pathname: string): StaffArea | null {
  const found = AREAS.filter(([prefix]) => startsWithPath(pathname, prefix)).sort(
    (a, b) => b[0].length - a[0].length,
  )[0];
  return found ? found[1] : null;
}

/** Whether a role may open a staff screen: an admin every one, the others their desks' and their profile. */
export function mayOpen(role: UserRole | null | undefined, pathname: string): boolean {
  if (!isStaffRole(role)) return false;
  const area = areaOf(pathname);
  if (area === null || area === 'staff') return true;
  if (area === 'admin') return role === 'admin';
  return worksAtDesk(role, area);
}

/** A staff member's home: the first desk of their role (the orders for an admin and the shop, fatwahs for a scholar). */
export function firstDeskPath(role: UserRole | null | undefined): string {
  const [first] = desksOf(role);
  return first ? DESK_HOME[first] : paths.dashboard;
}
