import type { GuestInfo } from '@scholar/shared';
import { api } from '../../../lib/api-client';
import { lineLanguage, type CartItem } from '../../../lib/guest-cart';
import { SubmissionKeys } from '../../../lib/submission-keys';

/** The checkout's Idempotency-Keys: a retry of the same payment order opens one checkout. */
const submissions = new SubmissionKeys();

export interface PaymentOrder {
  orderId: string;
  amount: number;
  currency: string;
  key: string;
}

/** Step 1 of the payment flow: the server prices these lines (each its edition) and opens a Razorpay order. */
export function createPaymentOrder(input: {
  lines: CartItem[];
  expectedTotal: number;
  selectedAddress?: { _id: string };
  guestInfo?: GuestInfo;
  couponCode?: string | undefined;
}): Promise<PaymentOrder> {
  return api<PaymentOrder>('/payments/create-razorpay-order', {
    method: 'POST',
    body: {
      cartItems: input.lines.map((line) => ({
        book: line._id,
        quantity: line.quantity,
        selectedLanguage: lineLanguage(line),
      })),
      expectedTotal: input.expectedTotal,
      ...(input.couponCode ? { couponCode: input.couponCode } : {}),
      ...(input.selectedAddress ? { selectedAddress: input.selectedAddress } : {}),
      ...(input.guestInfo ? { guestInfo: input.guestInfo } : {}),
    },
    submission: submissions,
    fallbackError: 'Failed to create Razorpay order',
  });
}

/**
 * The payment window was closed or the payment failed: the coupon's use the checkout holds goes back at once
 * (`POST /payments/release-checkout`, docs/decisions/073). Best effort: the server gives it back later anyway.
 */
export function releaseCheckout(razorpayOrderId: string): void {
  void api('/payments/release-checkout', {
    method: 'POST',
    body: { razorpay_order_id: razorpayOrderId },
    fallbackError: 'Could not release the checkout',
  }).catch(() => undefined);
}
