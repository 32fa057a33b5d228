import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { NotFoundPage } from '../components/pages/not-found-page';
import { RedirectSignedIn, RequireAdmin, RequireCustomer } from './guards';
import { Layout } from './layout';
import { paths } from './paths';

/** The route table of the spec; every page is loaded on demand. */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    // Shown while the first page's code loads.
    HydrateFallback: () => null,
    children: [
      {
        path: paths.home,
        lazy: async () => ({ Component: (await import('./pages/home-page')).HomePage }),
      },
      {
        path: paths.about,
        lazy: async () => ({
          Component: (await import('../features/static-pages/pages/about-page')).AboutPage,
        }),
      },
      {
        path: paths.certifications,
        lazy: async () => ({
          Component: (await import('../features/static-pages/pages/certifications-page')).CertificationsPage,
        }),
      },
      {
        path: paths.initiatives,
        lazy: async () => ({
          Component: (await import('../features/static-pages/pages/initiatives-page')).InitiativesPage,
        }),
      },
      {
        path: paths.login,
        lazy: async () => {
          const { LoginPage } = await import('../features/auth/pages/login-page');
          return {
            element: (
              <RedirectSignedIn>
                <LoginPage />
              </RedirectSignedIn>
            ),
          };
        },
      },
      {
        path: paths.adminLogin,
        lazy: async () => {
          const { AdminLoginPage } = await import('../features/auth/pages/admin-login-page');
          return {
            element: (
              <RedirectSignedIn>
                <AdminLoginPage />
              </RedirectSignedIn>
            ),
          };
        },
      },
      {
        path: paths.register,
        lazy: async () => {
          const { RegisterPage } = await import('../features/auth/pages/register-page');
          return {
            element: (
              <RedirectSignedIn>
                <RegisterPage />
              </RedirectSignedIn>
            ),
          };
        },
      },
      {
        path: paths.cart,
        lazy: async () => ({ Component: (await import('../features/cart/pages/cart-page')).CartPage }),
      },
      {
        path: paths.dashboard,
        lazy: async () => {
          const { DashboardPage } = await import('../features/account/pages/dashboard-page');
          return {
            element: (
              <RequireCustomer>
                <DashboardPage />
              </RequireCustomer>
            ),
          };
        },
      },
      {
        path: paths.adminDashboard,
        lazy: async () => {
          const { AdminOrdersPage } = await import('../features/admin-orders/pages/admin-orders-page');
          return {
            element: (
              <RequireAdmin>
                <AdminOrdersPage />
              </RequireAdmin>
            ),
          };
        },
      },
      {
        path: paths.adminOrder(),
        lazy: async () => {
          const { AdminOrderPage } = await import('../features/admin-orders/pages/admin-order-page');
          return {
            element: (
              <RequireAdmin>
                <AdminOrderPage />
              </RequireAdmin>
            ),
          };
        },
      },
      {
        path: paths.orderDetails(),
        lazy: async () => {
          const { AdminOrderPage } = await import('../features/admin-orders/pages/admin-order-page');
          return {
            element: (
              <RequireAdmin>
                <AdminOrderPage />
              </RequireAdmin>
            ),
          };
        },
      },
      {
        path: paths.manageBooks,
        lazy: async () => {
          const { ManageBooksPage } = await import('../features/books/pages/manage-books-page');
          return {
            element: (
              <RequireAdmin>
                <ManageBooksPage />
              </RequireAdmin>
            ),
          };
        },
      },
      {
        path: paths.addBook,
        lazy: async () => {
          const { AddBookPage } = await import('../features/books/pages/add-book-page');
          return {
            element: (
              <RequireAdmin>
                <AddBookPage />
              </RequireAdmin>
            ),
          };
        },
      },
      {
        path: paths.book(),
        lazy: async () => ({ Component: (await import('../features/books/pages/book-page')).BookPage }),
      },
      {
        path: paths.books,
        lazy: async () => ({ Component: (await import('../features/books/pages/books-page')).BooksPage }),
      },
      {
        path: paths.checkout,
        lazy: async () => {
          const { CheckoutPage } = await import('../features/checkout/pages/checkout-page');
          return {
            element: (
              <RequireCustomer>
                <CheckoutPage />
              </RequireCustomer>
            ),
          };
        },
      },
      {
        path: paths.guestCheckout,
        lazy: async () => ({
          Component: (await import('../features/checkout/pages/guest-checkout-page')).GuestCheckoutPage,
        }),
      },
      {
        path: paths.paymentSuccess,
        lazy: async () => ({
          Component: (await import('../features/checkout/pages/payment-success-page')).PaymentSuccessPage,
        }),
      },
      {
        path: paths.payment(),
        lazy: async () => ({
          Component: (await import('../features/checkout/pages/payment-success-page')).PaymentSuccessPage,
        }),
      },
      {
        path: paths.paymentVerification,
        lazy: async () => ({
          Component: (await import('../features/checkout/pages/payment-verification-page'))
            .PaymentVerificationPage,
        }),
      },
      {
        path: paths.newAddress,
        lazy: async () => {
          const { AddAddressPage } = await import('../features/account/pages/add-address-page');
          return {
            element: (
              <RequireCustomer>
                <AddAddressPage />
              </RequireCustomer>
            ),
          };
        },
      },
      {
        path: paths.forgotPassword,
        lazy: async () => ({
          Component: (await import('../features/auth/pages/forgot-password-page')).ForgotPasswordPage,
        }),
      },
      {
        path: paths.resetPassword(),
        lazy: async () => ({
          Component: (await import('../features/auth/pages/reset-password-page')).ResetPasswordPage,
        }),
      },
      {
        path: paths.privacyPolicy,
        lazy: async () => ({
          Component: (await import('../features/static-pages/pages/privacy-policy-page')).PrivacyPolicyPage,
        }),
      },
      {
        path: paths.terms,
        lazy: async () => ({
          Component: (await import('../features/static-pages/pages/terms-page')).TermsPage,
        }),
      },
      {
        path: paths.returnPolicy,
        lazy: async () => ({
          Component: (await import('../features/static-pages/pages/return-policy-page')).ReturnPolicyPage,
        }),
      },
      {
        path: paths.fatwahs,
        lazy: async () => ({
          Component: (await import('../features/fatwahs/pages/fatwahs-page')).FatwahsPage,
        }),
      },
      // The spec's 'Back to Fatwahs' link points here.
      { path: '/fatwahs', element: <Navigate to={paths.fatwahs} replace /> },
      {
        path: paths.fatwah(),
        lazy: async () => ({ Component: (await import('../features/fatwahs/pages/fatwah-page')).FatwahPage }),
      },
      {
        path: paths.askFatwah,
        lazy: async () => ({
          Component: (await import('../features/fatwahs/pages/ask-fatwah-page')).AskFatwahPage,
        }),
      },
      {
        path: paths.adminFatwahs,
        lazy: async () => {
          const { ManageFatwahsPage } = await import('../features/fatwahs/pages/manage-fatwahs-page');
          return {
            element: (
              <RequireAdmin toAdminLogin>
                <ManageFatwahsPage />
              </RequireAdmin>
            ),
          };
        },
      },
      {
        path: paths.articles,
        lazy: async () => ({
          Component: (await import('../features/articles/pages/articles-page')).ArticlesPage,
        }),
      },
      {
        path: paths.article(),
        lazy: async () => ({
          Component: (await import('../features/articles/pages/article-page')).ArticlePage,
        }),
      },
      {
        path: paths.adminArticles,
        lazy: async () => {
          const { AdminArticlesPage } = await import('../features/articles/pages/admin-articles-page');
          return {
            element: (
              <RequireAdmin toAdminLogin>
                <AdminArticlesPage />
              </RequireAdmin>
            ),
          };
        },
      },
      {
        path: paths.adminArticleCreate,
        lazy: async () => {
          const { ArticleCreatePage } = await import('../features/articles/pages/article-form-page');
          return {
            element: (
              <RequireAdmin toAdminLogin>
                <ArticleCreatePage />
              </RequireAdmin>
            ),
          };
        },
      },
      {
        path: paths.adminArticleEdit(),
        lazy: async () => {
          const { ArticleEditPage } = await import('../features/articles/pages/article-form-page');
          return {
            element: (
              <RequireAdmin toAdminLogin>
                <ArticleEditPage />
              </RequireAdmin>
            ),
          };
        },
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
