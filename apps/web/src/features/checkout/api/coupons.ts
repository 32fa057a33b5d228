import type { CouponPreview, GuestInfo, Order, OrderReceipt } from '@scholar/shared';
import { api } from '../../../lib/api-client';
import { lineLanguage, type CartItem } from '../../../lib/guest-cart';
import { SubmissionKeys } from '../../../lib/submission-keys';

const cartItemsOf = (lines: CartItem[]) =>
  lines.map((line) => ({ book: line._id, quantity: line.quantity, selectedLanguage: lineLanguage(line) }));

/** `POST /coupons/check`: what a code takes off these lines, priced on the server (docs/decisions/051). */
export async function checkCoupon(code: string, lines: CartItem[]): Promise<CouponPreview> {
  const answer = await api<{ data: CouponPreview }>('/coupons/check', {
    method: 'POST',
    body: { code, cartItems: cartItemsOf(lines) },
    fallbackError: 'This coupon could not be checked',
  });
  return answer.data;
}

/** The cash-on-delivery order's Idempotency-Keys: the same order sent again is placed once. */
const codSubmissions = new SubmissionKeys();

/** `POST /payments/cod-order`: the order placed at once, to be paid in cash on delivery. */
export async function placeCodOrder(input: {
  lines: CartItem[];
  expectedTotal: number;
  couponCode?: string | undefined;
  selectedAddress?: { _id: string };
  guestInfo?: GuestInfo;
}): Promise<Order | OrderReceipt> {
  const answer = await api<{ order: Order | OrderReceipt }>('/payments/cod-order', {
    method: 'POST',
    body: {
      cartItems: cartItemsOf(input.lines),
      expectedTotal: input.expectedTotal,
      ...(input.couponCode ? { couponCode: input.couponCode } : {}),
      ...(input.selectedAddress ? { selectedAddress: input.selectedAddress } : {}),
      ...(input.guestInfo ? { guestInfo: input.guestInfo } : {}),
    },
    submission: codSubmissions,
    fallbackError: 'Failed to place the order',
  });
  return answer.order;
}
