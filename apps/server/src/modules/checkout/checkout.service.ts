/**
 * Placing an order, from the cart to the order: the checkout prices the lines (pricing.service) and opens the
 * checkout (open-checkout.ts), opens its Razorpay order for a card payment (card-payment.ts) or makes the
 * cash-on-delivery order at once (cash-on-delivery.ts), verifies the payment (the browser's proof in
 * verify-payment.ts, the webhook in webhook.ts or the sweep in reconcile.ts) and turns the paid checkout into its
 * order (order-from-payment.ts: books, orders, cart). It calls the other modules; none of them calls back into it.
 * The payments routes answer over HTTP with the functions exported here.
 */
export type { CheckoutContext } from './checkout-context';
export { AMOUNT_NOT_ACCEPTED } from './provider-errors';
export { findOpenCheckout, openCheckout, type CheckoutTerms } from './open-checkout';
export { openRazorpayOrder, releaseUnpaidCheckout } from './card-payment';
export { confirmCashOnDelivery, placeCodOrder } from './cash-on-delivery';
export { assertPaid, verifyPayment } from './verify-payment';
export { handleWebhook } from './webhook';
