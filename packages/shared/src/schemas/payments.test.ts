import { describe, expect, it } from 'vitest';
import { checkoutItemSchema, selectedAddressSchema, verifyPaymentBodySchema } from './payments';

const ids = {
  razorpay_order_id: 'order_Q1',
  razorpay_payment_id: 'pay_Q1',
  razorpay_signature: 'f'.repeat(64),
};
const BOOK_ID = '0190b0a0-0000-7000-8000-000000000001';

describe('payment schemas', () => {
  it('read only the three identifiers of a payment proof, and still accept an older page that sent more', () => {
    expect(verifyPaymentBodySchema.parse(ids)).toEqual(ids);
    const older = {
      ...ids,
      cartItems: [{ book: BOOK_ID, quantity: 1 }],
      selectedAddress: { _id: BOOK_ID },
      guestInfo: { name: 'Amina' },
    };
    expect(verifyPaymentBodySchema.parse(older)).toEqual(ids);
  });

  it('refuse a proof missing an identifier', () => {
    const { razorpay_signature: _missing, ...partial } = ids;
    const result = verifyPaymentBodySchema.safeParse(partial);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Invalid payment parameters');
  });

  it('keep the other fields of a book object and of a saved address', () => {
    const book = { _id: BOOK_ID, name: 'Sahih Muslim', price: 450 };
    expect(checkoutItemSchema.parse({ book, quantity: 2 })).toEqual({ book, quantity: 2 });
    const address = { _id: BOOK_ID, label: 'Home' };
    expect(selectedAddressSchema.parse(address)).toEqual(address);
  });
});
