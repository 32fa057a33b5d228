/**
 * The screens of the web app as route patterns (spec §2, route table; `:name` is one path segment). The server
 * answers a path that matches none of them with 404 and the app's not-found screen; the web app's router has
 * exactly these routes (checked by its tests).
 */
export const SPA_ROUTES = [
  '/',
  '/about',
  '/certifications',
  '/initiatives',
  '/login',
  '/admin/login',
  '/register',
  '/cart',
  '/dashboard',
  '/admin/dashboard',
  '/admin/orders/:orderId',
  '/order-details/:orderId',
  '/manage-books',
  '/add-book',
  '/book/:bookId',
  '/books',
  '/checkout',
  '/guest/checkout',
  '/payment/success',
  '/payment/:txnId',
  '/payment-verification',
  '/addresses/new',
  '/forgot-password',
  '/reset-password/:token',
  '/privacy-policy',
  '/terms-and-conditions',
  '/return-policy',
  '/fatwah',
  '/fatwahs',
  '/fatwah/:id',
  '/ask-fatwah',
  '/admin/fatwah',
  '/articles',
  '/articles/:id',
  '/admin/articles',
  '/admin/articles/create',
  '/admin/articles/edit/:id',
  '/admin/admins',
  '/admin/profile',
  '/admin/invite',
  '/admin/settings',
] as const;

const segments = (path: string) => path.split('/').filter((segment) => segment !== '');

const PATTERNS = SPA_ROUTES.map(segments);

/**
 * Whether a path (without its query) is one of the app's screens. As in the app's router, letters match in any
 * case and a trailing slash makes no difference; a parameter is one non-empty segment.
 */
export function isSpaRoute(pathname: string): boolean {
  const parts = segments(pathname);
  return PATTERNS.some(
    (pattern) =>
      pattern.length === parts.length &&
      pattern.every(
        (segment, i) => segment.startsWith(':') || segment.toLowerCase() === parts[i]?.toLowerCase(),
      ),
  );
}
