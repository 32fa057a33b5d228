import { PAYMENT_MESSAGES, worksAtDesk, type Order, type OrderReceipt } from '@scholar/shared';
import { AppError, badRequest, forbidden, serviceUnavailable, unauthorized } from '../../lib/errors';
import type { RazorpayPayment } from '../../payments/razorpay-client';
import { isValidPaymentSignature } from '../../payments/signature';
import type { AuthUser } from '../../plugins/auth';
import { findOrderByRazorpayOrderId, fullOrder, toOrderReceipt } from '../orders/orders.service';
import type { CheckoutContext, CheckoutRow } from './checkout-context';
import { findCheckoutByRazorpayOrder } from './checkout.repository';
import { createOrderFromPayment } from './order-from-payment';
import { isProviderUnavailable } from './provider-errors';

const verificationFailed = (code: string) => badRequest(PAYMENT_MESSAGES.verificationFailed, code);

/** Razorpay's payment is the one the checkout asked for, captured, for its amount: else the order is not made. */
export function assertPaid(payment: RazorpayPayment, checkout: CheckoutRow, razorpayOrderId: string): void {
  if (payment.order_id !== razorpayOrderId) throw verificationFailed('PAYMENT_ORDER_MISMATCH');
  if (payment.status !== 'captured') throw verificationFailed('PAYMENT_NOT_CAPTURED');
  if (payment.amount !== checkout.amountPaise || payment.currency !== checkout.currency) {
    throw verificationFailed('PAYMENT_AMOUNT_MISMATCH');
  }
}

/** The payment as Razorpay itself reports it: the browser's word for it is never taken. */
async function fetchPayment(ctx: CheckoutContext, paymentId: string): Promise<RazorpayPayment> {
  try {
    return await ctx.razorpay.fetchPayment(paymentId);
  } catch (error) {
    // The payment may well be captured: the buyer's retry, or the webhook, completes the order.
    if (isProviderUnavailable(error)) {
      throw serviceUnavailable(
        'The payment service is not answering right now. Your payment is safe; please try again in a moment.',
        error,
      );
    }
    ctx.log.error({ err: error }, 'Razorpay payment lookup failed');
    throw new AppError(502, 'PAYMENT_PROVIDER_ERROR', 'Failed to verify Razorpay payment');
  }
}

/**
 * Step 4: the browser's proof of payment, checked by signature and with Razorpay itself. Answers the whole order to
 * the buyer's session (or an admin's), and to anyone else only its receipt (`orderReceiptSchema`).
 */
export async function verifyPayment(
  ctx: CheckoutContext,
  caller: AuthUser | null,
  ids: { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string },
): Promise<Order | OrderReceipt> {
  const valid = isValidPaymentSignature(
    ids.razorpay_order_id,
    ids.razorpay_payment_id,
    ids.razorpay_signature,
    ctx.config.razorpay.keySecret,
  );
  if (!valid) throw verificationFailed('SIGNATURE_INVALID');
  const checkout = await findCheckoutByRazorpayOrder(ctx.db, ids.razorpay_order_id);
  if (!checkout) throw verificationFailed('CHECKOUT_NOT_FOUND');
  if (checkout.userId && !caller) throw unauthorized('Please log in to continue');
  if (checkout.userId && caller?.id !== checkout.userId && !worksAtDesk(caller?.role, 'orders')) {
    throw forbidden('This payment belongs to another account', 'NOT_YOUR_PAYMENT');
  }
  // The proof alone is no key to the order: the buyer's details go to the owner's session (or the orders desk's) only.
  const owner = caller !== null && (caller.id === checkout.userId || worksAtDesk(caller.role, 'orders'));
  const answer = (order: Order) => (owner ? order : toOrderReceipt(order));
  const existing = await findOrderByRazorpayOrderId(ctx.db, ids.razorpay_order_id);
  if (existing) {
    if (existing.txnId !== ids.razorpay_payment_id) throw verificationFailed('PAYMENT_ORDER_MISMATCH');
    return answer(await fullOrder(ctx.db, existing));
  }
  const payment = await fetchPayment(ctx, ids.razorpay_payment_id);
  assertPaid(payment, checkout, ids.razorpay_order_id);
  return answer(await createOrderFromPayment(ctx, checkout, payment, 'verify'));
}
