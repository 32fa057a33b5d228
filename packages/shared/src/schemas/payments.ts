import { z } from 'zod';
import { DEFAULT_LANGUAGE } from '../constants';
import { MAX_LINE_QUANTITY, MAX_LINE_QUANTITY_MESSAGE, PAYMENT_MESSAGES } from '../messages';
import {
  addressFieldsSchema,
  addressInputSchema,
  checkPincodeState,
  emailSchema,
  nameSchema,
  phoneSchema,
} from './auth';
import { idSchema } from './common';
import { couponCodeSchema, PAYMENT_METHODS } from './coupons';
import { bookLanguageSchema } from './editions';
import { orderSchema } from './orders';

/** A cart line as the checkout sends it: the book (its id, or the book object) and the quantity. */
export const checkoutItemSchema = z.object({
  book: z.union([idSchema, z.object({ _id: idSchema }).loose()]),
  quantity: z
    .number()
    .int()
    .min(1, 'Quantity must be at least 1')
    .max(MAX_LINE_QUANTITY, MAX_LINE_QUANTITY_MESSAGE),
  /** The edition: English unless named. */
  selectedLanguage: bookLanguageSchema.optional(),
});
export type CheckoutItem = z.input<typeof checkoutItemSchema>;

/** The id of a checkout line's book, whichever form it came in. */
export const checkoutBookId = (item: Pick<CheckoutItem, 'book'>): string =>
  typeof item.book === 'string' ? item.book : item.book._id;

/** The key of a checkout line's edition: lines of one book in one language count together. */
export const checkoutLineKey = (item: Pick<CheckoutItem, 'book' | 'selectedLanguage'>): string =>
  `${checkoutBookId(item).toLowerCase()}:${(item.selectedLanguage ?? DEFAULT_LANGUAGE).toLowerCase()}`;

/**
 * The lines of one edition count together: two lines of 60 copies are 120 copies of that book, over the limit of a
 * line. The issue names the line that goes over.
 */
const cartItemsSchema = z
  .array(checkoutItemSchema)
  .max(100)
  .superRefine((items, ctx) => {
    const copies = new Map<string, number>();
    items.forEach((item, index) => {
      const id = checkoutLineKey(item);
      const total = (copies.get(id) ?? 0) + item.quantity;
      copies.set(id, total);
      if (total > MAX_LINE_QUANTITY && total - item.quantity <= MAX_LINE_QUANTITY) {
        ctx.addIssue({ code: 'custom', path: [index, 'quantity'], message: MAX_LINE_QUANTITY_MESSAGE });
      }
    });
  });

/** A saved address (by its id) or a full address. */
export const selectedAddressSchema = z.union([
  z.object({ _id: z.string().uuid() }).loose(),
  addressInputSchema,
]);

/**
 * A field the guest must fill: missing or blank, it asks for its whole group (docs/product.md, "Validation"), then
 * `schema` checks it.
 */
const filled = <T extends z.ZodType<unknown, string>>(message: string, schema: T) =>
  z.string({ error: message }).trim().min(1, message).pipe(schema);

const { contactRequired, addressDetailsRequired } = PAYMENT_MESSAGES;
const address = addressFieldsSchema.shape;

export const guestInfoSchema = z.object(
  {
    name: filled(contactRequired, nameSchema),
    email: filled(contactRequired, emailSchema),
    phone: filled(contactRequired, phoneSchema),
    address: z
      .object(
        {
          ...address,
          addressLine1: filled(addressDetailsRequired, address.addressLine1),
          city: filled(addressDetailsRequired, address.city),
          state: filled(addressDetailsRequired, address.state),
          pincode: filled(addressDetailsRequired, address.pincode),
        },
        { error: addressDetailsRequired },
      )
      .superRefine(checkPincodeState),
  },
  { error: contactRequired },
);
export type GuestInfo = z.input<typeof guestInfoSchema>;

export const createPaymentOrderBodySchema = z.object({
  cartItems: cartItemsSchema,
  selectedAddress: selectedAddressSchema.optional().nullable(),
  guestInfo: guestInfoSchema.optional().nullable(),
  /**
   * The total (rupees) the customer was shown. When it is sent and differs from the server's price of the cart,
   * nothing is opened and the answer is 409 PRICE_CHANGED: the customer pays only a total they have seen.
   */
  expectedTotal: z.number().nonnegative().max(1_000_000_000).optional(),
  /** A coupon to apply (docs/decisions/051): the server works out its discount and holds one use. */
  couponCode: couponCodeSchema.optional(),
  /** Card (Razorpay, the default) or cash on delivery (`POST /payments/cod-order` only). */
  paymentMethod: z.enum(PAYMENT_METHODS).optional(),
});
export type CreatePaymentOrderBody = z.input<typeof createPaymentOrderBodySchema>;

/** `POST /coupons/check`: what a code takes off these lines, before paying. */
export const couponCheckBodySchema = z.object({ code: couponCodeSchema, cartItems: cartItemsSchema });
export type CouponCheckBody = z.input<typeof couponCheckBodySchema>;

export const createPaymentOrderResponseSchema = z.object({
  success: z.literal(true),
  orderId: z.string(),
  /** Paise, as Razorpay Checkout expects. */
  amount: z.number().int(),
  currency: z.literal('INR'),
  key: z.string(),
});

/**
 * The browser's proof of payment: Razorpay's three identifiers, nothing else. Any other field is dropped (an older
 * page also sent the cart, the address and the guest's details), so such a request is still accepted.
 */
export const verifyPaymentBodySchema = z.object({
  razorpay_order_id: z.string({ error: PAYMENT_MESSAGES.invalidParameters }).min(1).max(100),
  razorpay_payment_id: z.string({ error: PAYMENT_MESSAGES.invalidParameters }).min(1).max(100),
  razorpay_signature: z.string({ error: PAYMENT_MESSAGES.invalidParameters }).min(1).max(200),
});
export type VerifyPaymentBody = z.input<typeof verifyPaymentBodySchema>;

/**
 * A checkout whose payment window was closed or whose payment failed: the coupon's use it holds goes back at once
 * (docs/decisions/073). Named by its Razorpay order, which only its buyer was given.
 */
export const releaseCheckoutBodySchema = z.object({
  razorpay_order_id: z.string({ error: PAYMENT_MESSAGES.invalidParameters }).min(1).max(100),
});
export type ReleaseCheckoutBody = z.input<typeof releaseCheckoutBodySchema>;

/**
 * The order as the payment proof alone earns it: what the payment success page shows (number, date, lines and
 * totals, status), none of the buyer's details. `verify-razorpay-payment` answers this to anyone but the order's
 * owner (or an admin): a guest, or a signed-in customer who is not the buyer, since the proof (Razorpay's order
 * id, payment id and signature) travels in the address bar and can be read from a history or a log.
 */
export const orderReceiptSchema = orderSchema
  .pick({
    _id: true,
    orderNumber: true,
    txnId: true,
    status: true,
    backordered: true,
    amount: true,
    subtotal: true,
    shipping: true,
    createdAt: true,
    items: true,
    paymentMethod: true,
    couponCode: true,
    discount: true,
    codFee: true,
    money: true,
  })
  .extend({
    /** The delivery zone's latest day for the order (YYYY-MM-DD), when known; absent from receipts kept before. */
    estimatedDelivery: z.string().nullable().optional(),
  });
export type OrderReceipt = z.infer<typeof orderReceiptSchema>;

/** The whole order to its owner's session (or an admin's), else its receipt. */
export const verifyPaymentResponseSchema = z.object({
  success: z.literal(true),
  order: z.union([orderSchema, orderReceiptSchema]),
});
