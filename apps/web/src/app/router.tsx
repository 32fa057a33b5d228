import { createBrowserRouter, type RouteObject } from 'react-router';
import { NotFoundPage } from '../components/pages/not-found-page';
import { Layout } from './layout';
import { paths } from './paths';

/** A screen owned by a later feature: its title for now, in its own chunk. */
const placeholder = (path: string, title: string): RouteObject => ({
  path,
  lazy: async () => {
    const { PlaceholderPage } = await import('../components/pages/placeholder-page');
    return { element: <PlaceholderPage title={title} /> };
  },
});

/** The route table of the spec; every page is loaded on demand. */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      {
        path: paths.home,
        lazy: async () => ({ Component: (await import('./pages/home-page')).HomePage }),
      },
      placeholder(paths.about, 'About'),
      placeholder(paths.certifications, 'Certifications'),
      placeholder(paths.initiatives, 'Initiatives'),
      placeholder(paths.login, 'Login'),
      placeholder(paths.adminLogin, 'Admin Login'),
      placeholder(paths.register, 'Register'),
      placeholder(paths.cart, 'Cart'),
      placeholder(paths.dashboard, 'Dashboard'),
      placeholder(paths.adminDashboard, 'Orders'),
      placeholder(paths.adminOrder(), 'Order Details'),
      placeholder(paths.orderDetails(), 'Order Details'),
      placeholder(paths.manageBooks, 'Manage Books'),
      placeholder(paths.addBook, 'Add Book'),
      placeholder(paths.book(), 'Book'),
      placeholder(paths.books, 'Books'),
      placeholder(paths.checkout, 'Checkout'),
      placeholder(paths.guestCheckout, 'Guest Checkout'),
      placeholder(paths.paymentSuccess, 'Payment Successful!'),
      placeholder(paths.payment(), 'Payment'),
      placeholder(paths.paymentVerification, 'Verifying Payment'),
      placeholder(paths.newAddress, 'Add Address'),
      placeholder(paths.forgotPassword, 'Forgot Password'),
      placeholder(paths.resetPassword(), 'Reset Password'),
      placeholder(paths.privacyPolicy, 'Privacy Policy'),
      placeholder(paths.terms, 'Terms and Conditions'),
      placeholder(paths.returnPolicy, 'Return Policy'),
      placeholder(paths.fatwahs, 'Islamic Fatwahs'),
      placeholder(paths.fatwah(), 'Fatwah'),
      placeholder(paths.askFatwah, 'Ask a Question'),
      placeholder(paths.adminFatwahs, 'Manage Fatwahs'),
      placeholder(paths.articles, 'Articles & Insights'),
      placeholder(paths.article(), 'Article'),
      placeholder(paths.adminArticles, 'Article Management'),
      placeholder(paths.adminArticleCreate, 'Create Article'),
      placeholder(paths.adminArticleEdit(), 'Edit Article'),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
