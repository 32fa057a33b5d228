import { paths, type User } from '@scholar/shared';

export interface NavItem {
  to: string;
  label: string;
}

/** What guests and users see in the navigation bar (spec §2, Navigation), with the books of the shop. */
export const publicLinks: NavItem[] = [
  { to: paths.home, label: 'Home' },
  { to: paths.books, label: 'Books' },
  { to: paths.about, label: 'About' },
  { to: paths.initiatives, label: 'Initiatives' },
  { to: paths.articles, label: 'Articles' },
  { to: paths.fatwahs, label: 'Fatwahs' },
];

/** What admins see instead; they have no cart. */
export const adminLinks: NavItem[] = [
  { to: paths.adminDashboard, label: 'Orders' },
  { to: paths.manageBooks, label: 'Manage Books' },
  { to: paths.adminFatwahs, label: 'Manage Fatwahs' },
  { to: paths.adminArticles, label: 'Manage Articles' },
  { to: paths.adminAdmins, label: 'Admins' },
  { to: paths.adminSettings, label: 'Site Settings' },
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

const dashboardTab = (tab: 'profile' | 'orders' | 'addresses') => `${paths.dashboard}?tab=${tab}`;

/** The account dropdown's links; every signed-in menu also ends with Logout. */
export function accountLinks(user: User | null): NavItem[] {
  if (!user) {
    return [
      { to: paths.login, label: 'Login' },
      { to: paths.register, label: 'Register' },
    ];
  }
  if (user.role === 'admin') {
    return [
      { to: paths.adminDashboard, label: 'Admin Dashboard' },
      { to: paths.adminProfile, label: 'Profile' },
    ];
  }
  return [
    { to: dashboardTab('profile'), label: 'Profile' },
    { to: dashboardTab('orders'), label: 'My Orders' },
    { to: dashboardTab('addresses'), label: 'Addresses' },
  ];
}

/** Users check out with a saved address; guests give their details. */
export const checkoutPath = (user: User | null) => (user ? paths.checkout : paths.guestCheckout);

/** The footer's quick links. */
export const footerLinks: NavItem[] = [
  { to: paths.about, label: 'About' },
  { to: paths.initiatives, label: 'Initiatives' },
  { to: paths.certifications, label: 'Certifications' },
  { to: paths.books, label: 'Books' },
  { to: paths.articles, label: 'Articles' },
  { to: paths.fatwahs, label: 'Fatwahs' },
  { to: paths.askFatwah, label: 'Ask a Question' },
];

export const legalLinks: NavItem[] = [
  { to: paths.privacyPolicy, label: 'Privacy Policy' },
  { to: paths.terms, label: 'Terms and Conditions' },
  { to: paths.returnPolicy, label: 'Return Policy' },
];
