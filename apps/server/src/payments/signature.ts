import { createHmac, timingSafeEqual } from 'node:crypto';

/** HMAC-SHA256 in hex, as Razorpay signs. */
export function hmacHex(secret: string, payload: string | Buffer): string {
  return createHmac('sha256', secret).update(payload).digest('hex');
}

/** Constant-time comparison of two hex signatures. */
export function signaturesMatch(expected: string, received: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(received, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Checkout's signature: HMAC_SHA256(order_id + "|" + payment_id, key_secret). */
export function paymentSignature(orderId: string, paymentId: string, keySecret: string): string {
  return hmacHex(keySecret, `${orderId}|${paymentId}`);
}

export function isValidPaymentSignature(
  orderId: string,
  paymentId: string,
  signature: string,
  keySecret: string,
): boolean {
  return signaturesMatch(paymentSignature(orderId, paymentId, keySecret), signature);
}

/** Webhooks: HMAC_SHA256 of the raw body with the webhook secret, in X-Razorpay-Signature. */
export function isValidWebhookSignature(
  rawBody: Buffer | string,
  signature: string,
  webhookSecret: string,
): boolean {
  return signaturesMatch(hmacHex(webhookSecret, rawBody), signature);
}
