import type { Order } from '@scholar/shared';
import { api } from '../../../lib/api-client';

/** Step 2 of the payment flow: the server checks Razorpay's signature and answers the paid order. */
export async function verifyPayment(body: Record<string, unknown>): Promise<Order> {
  const answer = await api<{ order: Order }>('/payments/verify-razorpay-payment', {
    method: 'POST',
    body,
    fallbackError: 'Payment verification failed',
  });
  return answer.order;
}
