import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signed links to an order's tracking page (`/track/<order number>?t=<signature>`, docs/decisions/054): an HMAC
 * of the order's id under a key made from the server's secret, so that the link in a mail opens the whole order
 * without a sign-in and nobody can make one for another order. All instances of the site share the secret
 * (JWT_SECRET), so a link made by one is good on every other. `buildApp` makes one from its config
 * (`app.orderLinks`); every mail about an order and the tracking routes use that one.
 */
export interface OrderLinks {
  /** The signature of an order's id: 43 characters of base64url. */
  sign(orderId: string): string;
  /** Whether `signature` is the one of this order's id (compared in constant time). */
  isSignature(orderId: string, signature: string): boolean;
  /** The path of an order's signed tracking page (without the language prefix). */
  trackPath(order: { _id: string; orderNumber: string }): string;
}

/** The order links signed with a key made from `secret` (`config.jwtSecret`). */
export function orderLinks(secret: string): OrderLinks {
  const key = `order-link:${secret}`;
  const sign = (orderId: string) => createHmac('sha256', key).update(orderId).digest('base64url');
  return {
    sign,
    isSignature: (orderId, signature) => {
      const expected = Buffer.from(sign(orderId));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
    trackPath: (order) => `/track/${encodeURIComponent(order.orderNumber)}?t=${sign(order._id)}`,
  };
}
