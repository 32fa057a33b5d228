import { fromPaise, type Order } from '@scholar/shared';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { findOrderById, withItems, type OrderWithItems } from './orders.repository';

/** An order as the API shows it (spec §3 Order and Order item); money in rupees. */
export function toOrder(row: OrderWithItems): Order {
  return {
    _id: row.id,
    orderNumber: row.orderNumber,
    txnId: row.txnId,
    status: row.status,
    amount: fromPaise(row.amountPaise),
    subtotal: fromPaise(row.subtotalPaise),
    shipping: fromPaise(row.shippingPaise),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    items: row.items.map((item) => ({
      _id: item.id,
      bookId: item.bookId,
      name: item.name,
      author: item.author,
      price: fromPaise(item.pricePaise),
      quantity: item.quantity,
      images: item.images,
      ...(item.selectedLanguage ? { selectedLanguage: item.selectedLanguage } : {}),
      book: { _id: item.bookId, name: item.name, price: fromPaise(item.pricePaise) },
    })),
    contactDetails: { name: row.contactName, email: row.contactEmail, phone: row.contactPhone },
    shippingAddress: {
      ...(row.shippingAddress.addressType ? { addressType: row.shippingAddress.addressType } : {}),
      addressLine1: row.shippingAddress.addressLine1,
      ...(row.shippingAddress.addressLine2 ? { addressLine2: row.shippingAddress.addressLine2 } : {}),
      ...(row.shippingAddress.landmark ? { landmark: row.shippingAddress.landmark } : {}),
      city: row.shippingAddress.city,
      state: row.shippingAddress.state,
      pincode: row.shippingAddress.pincode,
    },
    fulfillment: {
      trackingNumber: row.trackingNumber,
      shippingProvider: row.shippingProvider,
      trackingUrl: row.trackingUrl,
      estimatedDelivery: row.estimatedDelivery,
      notes: row.fulfillmentNotes,
      shippedAt: row.shippedAt?.toISOString() ?? null,
      deliveredAt: row.deliveredAt?.toISOString() ?? null,
    },
  };
}

export async function getOrder(db: Db, id: string): Promise<Order> {
  const row = await findOrderById(db, id);
  if (!row) throw notFound('Order not found', 'ORDER_NOT_FOUND');
  const [full] = await withItems(db, [row]);
  return toOrder(full!);
}
