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
