import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signed link to an order's tracking page (`/track/<order number>?t=<signature>`, docs/decisions/054): an HMAC
 * of the order's id under a key made from the server's secret, so that the link in a mail opens the whole order
 * without a sign-in and nobody can make one for another order. The key is set once when the app is built
 * (`app.ts`), as every mail about an order and the tracking route read it; all instances of the site share the
 * secret (JWT_SECRET), so a link made by one is good on every other.
 */
let key: string | undefined;

/** Sets the key from the server's secret (`config.jwtSecret`); called by `buildApp`. */
export function setOrderLinkSecret(secret: string): void {
  key = `order-link:${secret}`;
}

function keyOrThrow(): string {
  if (key === undefined) throw new Error('The order link key is not set: buildApp sets it from the secret');
  return key;
}

/** The signature of an order's id: 43 characters of base64url. */
export function signOrderId(orderId: string): string {
  return createHmac('sha256', keyOrThrow()).update(orderId).digest('base64url');
}

/** Whether `signature` is the one of this order's id (compared in constant time). */
export function isOrderSignature(orderId: string, signature: string): boolean {
  const expected = Buffer.from(signOrderId(orderId));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The path of an order's signed tracking page (without the language prefix). */
export const orderTrackPath = (order: { _id: string; orderNumber: string }) =>
  `/track/${encodeURIComponent(order.orderNumber)}?t=${signOrderId(order._id)}`;
