import {
  orderReceiptSchema,
  orderSchema,
  shippingAddressSchema,
  STORAGE_KEYS,
  type GuestInfo,
  type Order,
  type OrderReceipt,
} from '@scholar/shared';
import { storage } from '../../../lib/storage';

/**
 * The order kept for the success page (`successOrder`; docs/product.md, "After payment"): its receipt, with the
 * buyer's contact and address when they are known. The server answers them to the buyer's session only; a guest's
 * are what they typed at the checkout, kept in this browser.
 */
export type SuccessOrder = OrderReceipt & Partial<Pick<Order, 'contactDetails' | 'shippingAddress'>>;

const successOrderSchema = orderReceiptSchema.extend({
  contactDetails: orderSchema.shape.contactDetails.optional(),
  shippingAddress: shippingAddressSchema.optional(),
});

/** What to keep of the verification's answer: the whole order, or its receipt with the guest's own details. */
export function successOrderOf(order: Order | OrderReceipt, guestInfo: GuestInfo | null): SuccessOrder {
  // The whole order keeps its expected delivery where a receipt has it (the success page reads the receipt's shape).
  if ('contactDetails' in order) return { ...order, estimatedDelivery: order.fulfillment.estimatedDelivery };
  if (!guestInfo) return order;
  const typed = successOrderSchema.safeParse({
    ...order,
    contactDetails: { name: guestInfo.name, email: guestInfo.email, phone: guestInfo.phone },
    shippingAddress: guestInfo.address,
  });
  return typed.success ? typed.data : order;
}

/**
 * The stored successOrder. Anything that is not an order's receipt (broken JSON, an older or edited shape, items
 * that are not a list, missing totals, contact details without their fields) reads as no order at all.
 */
export function readSuccessOrder(): SuccessOrder | null {
  const parsed = successOrderSchema.safeParse(storage.get<unknown>(STORAGE_KEYS.successOrder));
  return parsed.success ? parsed.data : null;
}
