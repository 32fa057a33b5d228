import type { Order, OrderReceipt } from '@scholar/shared';
import { api } from '../../../lib/api-client';

/**
 * Step 2 of the payment flow: the server checks Razorpay's signature and answers the paid order: the whole order to
 * the buyer's session, else its receipt (no contact details or address).
 */
export async function verifyPayment(body: Record<string, unknown>): Promise<Order | OrderReceipt> {
  const answer = await api<{ order: Order | OrderReceipt }>('/payments/verify-razorpay-payment', {
    method: 'POST',
    body,
    fallbackError: 'Payment verification failed',
  });
  return answer.order;
}
