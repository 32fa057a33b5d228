import { RazorpayError } from '../../payments/razorpay-client';

/**
 * Razorpay sets the largest payment per account (and raises it on request); an order above it is refused with a
 * 400 about the amount. The buyer can do something about that, so it is a 400 with a sentence, not a 502.
 */
export const AMOUNT_NOT_ACCEPTED =
  'This order is more than can be paid in one payment. Please place it as two or more smaller orders.';
export const isAmountRefused = (error: unknown) =>
  error instanceof RazorpayError &&
  error.status === 400 &&
  /amount/i.test(error.message) &&
  /exceed|max|greater/i.test(error.message);

/**
 * The provider is down or overloaded (it answered 5xx or 429, or not at all): a passing condition like a database
 * outage, answered 503 with Retry-After and logged at warn. Any other refusal is a fault of the request the shop
 * made, answered 502 and logged as an error.
 */
export const isProviderUnavailable = (error: unknown) =>
  !(error instanceof RazorpayError) || error.status >= 500 || error.status === 429;
