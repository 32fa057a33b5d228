import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { Navigate, Outlet, useParams, useRoutes, useSearchParams, type RouteObject } from 'react-router';
import { paths, REDIRECTS, staticPageHead, worksAtDesk, type PageName } from '@scholar/shared';
import { useHead } from '../lib/head';
import { NotFoundPage } from '../components/pages/not-found-page';
import { ScreenLoadBoundary } from '../components/pages/screen-load-boundary';
import { useSession } from '../lib/session';
import { RedirectSignedIn, RequireAdmin, RequireCustomer } from './guards';
import { Layout } from './layout';
import type { ReadsName } from './page-reads';
import { Toasts } from './toasts';

/**
 * Who may see a screen (docs/product.md, "Roles"): admins (others go to /login or /dashboard), admins with others
 * sent to /admin/login, customers (guests to /login, admins to /admin/dashboard), the customer whose order it is
 * (admins read it on the admin screen), or only signed-out visitors.
 */
type Guard = 'admin' | 'adminLogin' | 'customer' | 'orderOwner' | 'signedOut';

/**
 * /order-details/{orderId} of the orders desk (an admin, the shop): the same order on the desk's screen
 * (docs/decisions/015). Other staff go on to `RequireCustomer`, which sends them to their own desk.
 */
function AdminsToAdminOrder({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const { orderId = '' } = useParams();
  if (worksAtDesk(user?.role, 'orders')) return <Navigate to={paths.adminOrder(orderId)} replace />;
  return <>{children}</>;
}

function guarded(guard: Guard | undefined, element: ReactNode): ReactNode {
  switch (guard) {
    case 'admin':
      return <RequireAdmin>{element}</RequireAdmin>;
    case 'adminLogin':
      return <RequireAdmin toAdminLogin>{element}</RequireAdmin>;
    case 'customer':
      return <RequireCustomer>{element}</RequireCustomer>;
    case 'orderOwner':
      return (
        <AdminsToAdminOrder>
          <RequireCustomer>{element}</RequireCustomer>
        </AdminsToAdminOrder>
      );
    case 'signedOut':
      return <RedirectSignedIn>{element}</RedirectSignedIn>;
    default:
      return element;
  }
}

/**
 * What a route keeps in its `handle`: a way to load its screen's code ahead of its first render, and the reads its
 * screen makes first, which the server's route loaders make before the page is rendered (`serverRoutes`).
 */
export interface ScreenHandle {
  /** Loads the screen's code (once); the page's HTML from the server is hydrated only after it is there. */
  preload?: () => Promise<unknown>;
  /**
   * The reads the screen asks for as a signed-out reader, made on the server before its one render: their name in
   * page-reads.ts, which only the server's build loads (server-routes.ts), so the browser's code carries none of them.
   */
  reads?: ReadsName;
}

/** A route whose screen's first reads are those named `reads`. */
function reading(route: RouteObject, reads: ReadsName): RouteObject {
  return { ...route, handle: { ...(route.handle as ScreenHandle | undefined), reads } };
}

/**
 * A screen loaded on demand, in its own chunk, behind its guard. As with a data router's `lazy`, the guard
 * decides once the code is there, so a guard that lets the screen in later (a session that has loaded) never
 * waits for code and never suspends outside a navigation. Code loaded ahead (`handle.preload`: the server
 * before it renders a page, the browser before it hydrates one) renders at once, without suspending.
 */
function page(
  path: string,
  load: () => Promise<ComponentType>,
  guard?: Guard,
  /** A public page without an id: its head (`useHead`) is the page's own. */
  headOf?: PageName,
): RouteObject {
  let loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const preload = () => {
    loading ??= load().then(
      (Page) => (loaded = Page),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const behindGuard = (Page: ComponentType) => () => guarded(guard, <Page />);
  const Lazy = lazy(async () => ({ default: behindGuard(await preload()) }));
  let Ready: ComponentType | undefined;
  function Screen() {
    // Chosen once per screen shown, so that the code arriving later never swaps the screen for a new one.
    const [Shown] = useState(() => (loaded ? (Ready ??= behindGuard(loaded)) : Lazy));
    return <Shown />;
  }
  const element = headOf ? (
    <PublicPageHead name={headOf}>
      <Screen />
    </PublicPageHead>
  ) : (
    <Screen />
  );
  const handle: ScreenHandle = { preload };
  return {
    path,
    handle,
    element: <ScreenLoadBoundary>{element}</ScreenLoadBoundary>,
  };
}

/** The head of a public page without an id, and of its numbered pages (`?page=`). */
function PublicPageHead({ name, children }: { name: PageName; children: ReactNode }) {
  const [params] = useSearchParams();
  useHead((site) => staticPageHead(name, site, Number(params.get('page') ?? 1)));
  return <>{children}</>;
}

/** The route table (docs/product.md, "Routes"). */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    handle: { reads: 'layout' } satisfies ScreenHandle,
    children: [
      reading(
        page(paths.home, async () => (await import('./pages/home-page')).HomePage, undefined, 'home'),
        'home',
      ),
      page(
        paths.about,
        async () => (await import('../features/static-pages/pages/about-page')).AboutPage,
        undefined,
        'about',
      ),
      page(
        paths.certifications,
        async () => (await import('../features/static-pages/pages/certifications-page')).CertificationsPage,
        undefined,
        'certifications',
      ),
      page(
        paths.initiatives,
        async () => (await import('../features/static-pages/pages/initiatives-page')).InitiativesPage,
        undefined,
        'initiatives',
      ),
      page(
        paths.login,
        async () => (await import('../features/auth/pages/login-page')).LoginPage,
        'signedOut',
      ),
      page(
        paths.adminLogin,
        async () => (await import('../features/auth/pages/admin-login-page')).AdminLoginPage,
        'signedOut',
      ),
      page(
        paths.register,
        async () => (await import('../features/auth/pages/register-page')).RegisterPage,
        'signedOut',
      ),
      // Rendered on the server only from the cart's cookie (docs/decisions/064).
      reading(
        page(paths.cart, async () => (await import('../features/cart/pages/cart-page')).CartPage),
        'cart',
      ),
      page(
        paths.dashboard,
        async () => (await import('../features/account/pages/dashboard-page')).DashboardPage,
        'customer',
      ),
      page(
        paths.adminDashboard,
        async () => (await import('../features/admin-orders/pages/admin-orders-page')).AdminOrdersPage,
        'admin',
      ),
      page(
        paths.adminOrder(),
        async () => (await import('../features/admin-orders/pages/admin-order-page')).AdminOrderPage,
        'admin',
      ),
      page(
        paths.orderDetails(),
        async () => (await import('../features/account/pages/order-page')).OrderPage,
        'orderOwner',
      ),
      page(
        paths.manageBooks,
        async () => (await import('../features/books/pages/manage-books-page')).ManageBooksPage,
        'admin',
      ),
      page(
        paths.addBook,
        async () => (await import('../features/books/pages/add-book-page')).AddBookPage,
        'admin',
      ),
      page(
        paths.adminBook(),
        async () => (await import('../features/books/pages/edit-book-page')).EditBookPage,
        'admin',
      ),
      reading(
        page(paths.book(), async () => (await import('../features/books/pages/book-page')).BookPage),
        'book',
      ),
      reading(
        page(
          paths.books,
          async () => (await import('../features/books/pages/books-page')).BooksPage,
          undefined,
          'books',
        ),
        'books',
      ),
      page(
        paths.checkout,
        async () => (await import('../features/checkout/pages/checkout-page')).CheckoutPage,
        'customer',
      ),
      page(
        paths.guestCheckout,
        async () => (await import('../features/checkout/pages/guest-checkout-page')).GuestCheckoutPage,
      ),
      page(
        paths.paymentSuccess,
        async () => (await import('../features/checkout/pages/payment-success-page')).PaymentSuccessPage,
      ),
      page(
        paths.payment(),
        async () => (await import('../features/checkout/pages/payment-success-page')).PaymentSuccessPage,
      ),
      page(
        paths.paymentVerification,
        async () =>
          (await import('../features/checkout/pages/payment-verification-page')).PaymentVerificationPage,
      ),
      page(
        paths.newAddress,
        async () => (await import('../features/account/pages/add-address-page')).AddAddressPage,
        'customer',
      ),
      page(
        paths.forgotPassword,
        async () => (await import('../features/auth/pages/forgot-password-page')).ForgotPasswordPage,
      ),
      page(
        paths.resetPassword(),
        async () => (await import('../features/auth/pages/reset-password-page')).ResetPasswordPage,
      ),
      page(
        paths.privacyPolicy,
        async () => (await import('../features/static-pages/pages/privacy-policy-page')).PrivacyPolicyPage,
        undefined,
        'privacyPolicy',
      ),
      page(
        paths.terms,
        async () => (await import('../features/static-pages/pages/terms-page')).TermsPage,
        undefined,
        'terms',
      ),
      page(
        paths.returnPolicy,
        async () => (await import('../features/static-pages/pages/return-policy-page')).ReturnPolicyPage,
        undefined,
        'returnPolicy',
      ),
      reading(
        page(
          paths.fatwahs,
          async () => (await import('../features/fatwahs/pages/fatwahs-page')).FatwahsPage,
          undefined,
          'fatwahs',
        ),
        'fatwahs',
      ),
      // Old addresses (the fatwah page's 'Back to Fatwahs' link points to one) lead to their screen.
      ...Object.entries(REDIRECTS).map(([from, to]) => ({
        path: from,
        element: <Navigate to={to} replace />,
      })),
      reading(
        page(paths.fatwah(), async () => (await import('../features/fatwahs/pages/fatwah-page')).FatwahPage),
        'fatwah',
      ),
      reading(
        page(
          paths.askFatwah,
          async () => (await import('../features/fatwahs/pages/ask-fatwah-page')).AskFatwahPage,
          undefined,
          'askFatwah',
        ),
        'askFatwah',
      ),
      page(
        paths.adminFatwahs,
        async () => (await import('../features/fatwahs/pages/manage-fatwahs-page')).ManageFatwahsPage,
        'adminLogin',
      ),
      page(
        paths.adminSynonyms,
        async () => (await import('../features/fatwahs/pages/synonyms-page')).SynonymsPage,
        'adminLogin',
      ),
      page(
        paths.adminFatwah(),
        async () => (await import('../features/fatwahs/pages/answer-fatwah-page')).AnswerFatwahPage,
        'adminLogin',
      ),
      page(
        paths.fatwahStatus,
        async () => (await import('../features/fatwahs/pages/fatwah-status-page')).FatwahStatusPage,
      ),
      page(
        paths.trackOrder,
        async () => (await import('../features/track/pages/track-order-page')).TrackOrderPage,
      ),
      page(
        paths.trackedOrder(),
        async () => (await import('../features/track/pages/track-order-page')).TrackedOrderPage,
      ),
      page(
        paths.verifyEmail,
        async () => (await import('../features/account/pages/verify-email-page')).VerifyEmailPage,
      ),
      reading(
        page(
          paths.articles,
          async () => (await import('../features/articles/pages/articles-page')).ArticlesPage,
          undefined,
          'articles',
        ),
        'articles',
      ),
      reading(
        page(
          paths.article(),
          async () => (await import('../features/articles/pages/article-page')).ArticlePage,
        ),
        'article',
      ),
      reading(
        page(
          paths.articleTag(),
          async () => (await import('../features/articles/pages/articles-page')).ArticleTagPage,
        ),
        'articles',
      ),
      page(
        paths.adminArticles,
        async () => (await import('../features/articles/pages/admin-articles-page')).AdminArticlesPage,
        'adminLogin',
      ),
      page(
        paths.adminArticleCreate,
        async () => (await import('../features/articles/pages/article-form-page')).ArticleCreatePage,
        'adminLogin',
      ),
      page(
        paths.adminArticleEdit(),
        async () => (await import('../features/articles/pages/article-form-page')).ArticleEditPage,
        'adminLogin',
      ),
      page(
        paths.adminSettings,
        async () => (await import('../features/settings/pages/site-settings-page')).SiteSettingsPage,
        'adminLogin',
      ),
      page(
        paths.adminCoupons,
        async () => (await import('../features/coupons/pages/coupons-page')).CouponsPage,
        'adminLogin',
      ),
      page(
        paths.adminDelivery,
        async () => (await import('../features/delivery/pages/delivery-zones-page')).DeliveryZonesPage,
        'adminLogin',
      ),
      page(
        paths.adminMails,
        async () => (await import('../features/mails/pages/mails-page')).MailsPage,
        'adminLogin',
      ),
      page(
        paths.adminAdmins,
        async () => (await import('../features/admins/pages/admins-page')).AdminsPage,
        'adminLogin',
      ),
      page(
        paths.adminProfile,
        async () => (await import('./pages/admin-profile-page')).AdminProfilePage,
        'adminLogin',
      ),
      page(
        paths.adminInvite,
        async () => (await import('../features/admins/pages/accept-invite-page')).AcceptInvitePage,
      ),
      page(
        paths.subscriptionConfirm,
        async () =>
          (await import('../features/subscriptions/pages/confirm-subscription-page')).ConfirmSubscriptionPage,
      ),
      page(
        paths.subscriptionUnsubscribe,
        async () => (await import('../features/subscriptions/pages/unsubscribe-page')).UnsubscribePage,
      ),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** The notification area comes with the first screen, so loading it never competes with that screen. */
function Screens({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      {children}
      <Toasts />
    </Suspense>
  );
}

/**
 * The app's routes for `createBrowserRouter` (main.tsx): a data router, so that a form with unsaved changes can hold
 * back every way of leaving, the back button included (`useBlocker`). Nothing shows until the first screen's code has
 * loaded. A navigation is a transition, so the screen being left stays until the next one's code is there.
 */
export const appRoutes: RouteObject[] = [
  {
    element: (
      <Screens>
        <Outlet />
      </Screens>
    ),
    children: routes,
  },
];

/** The same screens inside any router (the tests' `<MemoryRouter>`). */
export function AppRoutes() {
  return <Screens>{useRoutes(routes)}</Screens>;
}
