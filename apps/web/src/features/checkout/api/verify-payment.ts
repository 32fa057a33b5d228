import type { Order, OrderReceipt, VerifyPaymentBody } from '@scholar/shared';
import { api } from '../../../lib/api-client';

/**
 * Step 2 of the payment flow: the server checks Razorpay's signature and answers the paid order: the whole order to
 * the buyer's session, else its receipt (no contact details or address). Razorpay's three identifiers are all it
 * reads: the order is made from what was priced when the payment was opened.
 */
export async function verifyPayment(body: VerifyPaymentBody): Promise<Order | OrderReceipt> {
  const answer = await api<{ order: Order | OrderReceipt }>('/payments/verify-razorpay-payment', {
    method: 'POST',
    body,
    fallbackError: 'Payment verification failed',
  });
  return answer.order;
}
