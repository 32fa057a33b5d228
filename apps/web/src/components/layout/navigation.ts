import { isStaffRole, paths, type User, type UserRole } from '@scholar/shared';
import { firstDeskPath, mayOpen } from '../../lib/desks';
import type { MessageId } from '../../lib/i18n';

export interface NavItem {
  to: string;
  /** The link's text, a message of the page's language. */
  label: MessageId;
}

/** What guests and users see in the navigation bar (docs/product.md, "Navigation"), with the books of the shop. */
export const publicLinks: NavItem[] = [
  { to: paths.home, label: 'nav.home' },
  { to: paths.books, label: 'nav.books' },
  { to: paths.about, label: 'nav.about' },
  { to: paths.initiatives, label: 'nav.initiatives' },
  { to: paths.articles, label: 'nav.articles' },
  { to: paths.fatwahs, label: 'nav.fatwahs' },
];

/** What an admin sees instead; they have no cart. The other staff roles see their desks' links (`staffLinks`). */
export const adminLinks: NavItem[] = [
  { to: paths.adminDashboard, label: 'nav.orders' },
  { to: paths.manageBooks, label: 'nav.manageBooks' },
  { to: paths.adminFatwahs, label: 'nav.manageFatwahs' },
  { to: paths.adminArticles, label: 'nav.manageArticles' },
  { to: paths.adminAdmins, label: 'nav.admins' },
  { to: paths.adminSettings, label: 'nav.siteSettings' },
];

/**
 * A set of page links for the navigation bar, with the width from which the bar holds them in a row; below it
 * they fold into the menu button. The widths are container queries on the header (`@container`) in rem, so they
 * follow the text size: at 200 % text the bar needs twice the room, whether the reader enlarged the browser's
 * default font size or the page's root font size. Each is what the whole row needs (the site name, the links,
 * the cart and the Account button with its word, the gaps and padding: about 47rem with the public links, 56rem
 * with the admin ones) and a little more. Tailwind needs the classes written out in full.
 */
export interface NavBar {
  links: NavItem[];
  /** Classes of the row of links: hidden until it fits. */
  rowClass: string;
  /** Classes that hide the menu button and its panel once the row fits. */
  menuHiddenClass: string;
}

export const publicBar: NavBar = {
  links: publicLinks,
  rowClass: 'hidden @min-[48rem]:flex',
  menuHiddenClass: '@min-[48rem]:hidden',
};

export const adminBar: NavBar = {
  links: adminLinks,
  rowClass: 'hidden @min-[58rem]:flex',
  menuHiddenClass: '@min-[58rem]:hidden',
};

/** The staff menu of a role: the links of its desks only (docs/decisions/047); none for a customer. */
export function staffLinks(role: UserRole): NavItem[] {
  return isStaffRole(role) ? adminLinks.filter((link) => mayOpen(role, link.to)) : [];
}

/** The bar of a staff role: an admin's is the full one; a scholar's or the shop's two links fit as the public ones do. */
export function staffBar(role: UserRole): NavBar {
  if (role === 'admin') return adminBar;
  return {
    links: staffLinks(role),
    rowClass: 'hidden @min-[40rem]:flex',
    menuHiddenClass: '@min-[40rem]:hidden',
  };
}

const dashboardTab = (tab: 'profile' | 'orders' | 'addresses') => `${paths.dashboard}?tab=${tab}`;

/** The account dropdown's links; every signed-in menu also ends with Logout. */
export function accountLinks(user: User | null): NavItem[] {
  if (!user) {
    return [
      { to: paths.login, label: 'nav.login' },
      { to: paths.register, label: 'nav.register' },
    ];
  }
  if (isStaffRole(user.role)) {
    return [
      // "Admin Dashboard": the first desk of the role.
      { to: firstDeskPath(user.role), label: 'nav.adminDashboard' },
      { to: paths.adminProfile, label: 'nav.profile' },
    ];
  }
  return [
    { to: dashboardTab('profile'), label: 'nav.profile' },
    { to: dashboardTab('orders'), label: 'nav.myOrders' },
    { to: dashboardTab('addresses'), label: 'nav.addresses' },
  ];
}

/** Users check out with a saved address; guests give their details. */
export const checkoutPath = (user: User | null) => (user ? paths.checkout : paths.guestCheckout);

/** The footer's quick links. */
export const footerLinks: NavItem[] = [
  { to: paths.about, label: 'nav.about' },
  { to: paths.initiatives, label: 'nav.initiatives' },
  { to: paths.certifications, label: 'nav.certifications' },
  { to: paths.books, label: 'nav.books' },
  { to: paths.articles, label: 'nav.articles' },
  { to: paths.fatwahs, label: 'nav.fatwahs' },
  { to: paths.askFatwah, label: 'nav.askQuestion' },
  { to: paths.trackOrder, label: 'track.link' },
];

export const legalLinks: NavItem[] = [
  { to: paths.privacyPolicy, label: 'nav.privacyPolicy' },
  { to: paths.terms, label: 'nav.terms' },
  { to: paths.returnPolicy, label: 'nav.returnPolicy' },
];
