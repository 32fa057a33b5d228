import { z } from 'zod';
import { ORDER_STATUSES, SHIPPING_PROVIDERS } from '../constants';
import { idSchema, isoDateTime } from './common';

export const orderItemSchema = z.object({
  _id: idSchema,
  /** The book's id while the book exists. */
  bookId: z.string().nullable(),
  name: z.string(),
  author: z.string(),
  price: z.number(),
  quantity: z.number().int(),
  images: z.array(z.string()),
  selectedLanguage: z.string().optional(),
  book: z.object({ _id: z.string().nullable(), name: z.string(), price: z.number() }),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

export const shippingAddressSchema = z.object({
  addressType: z.string().optional(),
  addressLine1: z.string(),
  addressLine2: z.string().optional(),
  landmark: z.string().optional(),
  city: z.string(),
  state: z.string(),
  pincode: z.string(),
});

export const orderSchema = z.object({
  _id: idSchema,
  orderNumber: z.string(),
  txnId: z.string(),
  status: z.enum(ORDER_STATUSES),
  /** The total paid, in rupees. */
  amount: z.number(),
  subtotal: z.number(),
  shipping: z.number(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  items: z.array(orderItemSchema),
  contactDetails: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
  shippingAddress: shippingAddressSchema,
  fulfillment: z.object({
    trackingNumber: z.string().nullable(),
    shippingProvider: z.enum(SHIPPING_PROVIDERS).nullable(),
    trackingUrl: z.string().nullable(),
    estimatedDelivery: z.string().nullable(),
    notes: z.string().nullable(),
    shippedAt: isoDateTime.nullable(),
    deliveredAt: isoDateTime.nullable(),
  }),
});
export type Order = z.infer<typeof orderSchema>;
