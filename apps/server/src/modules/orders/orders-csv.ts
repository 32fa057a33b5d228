import { Readable } from 'node:stream';
import { fromPaise, type Order } from '@scholar/shared';
import { stringify } from 'csv-stringify';
import type { Db } from '../../db/client';
import { ordersInBatches, type OrderFilter } from './orders.repository';
import { toOrder } from './orders.service';

export const CSV_COLUMNS = [
  'Order Number',
  'Date',
  'Status',
  'Customer Name',
  'Email',
  'Phone',
  'Items',
  'Item Count',
  'Subtotal',
  'Shipping',
  'Total',
  'Address',
  'City',
  'State',
  'Pincode',
  'Transaction ID',
  'Shipping Provider',
  'Tracking Number',
  'Tracking URL',
  'Estimated Delivery',
  'Shipped At',
  'Delivered At',
] as const;

/**
 * A spreadsheet runs a cell that starts with =, +, -, @, tab or carriage return as a formula; such a cell gets a
 * leading apostrophe so that it stays text (CSV injection).
 */
export function neutralise(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function row(order: Order): string[] {
  const a = order.shippingAddress;
  const f = order.fulfillment;
  const cells = [
    order.orderNumber,
    order.createdAt,
    order.status,
    order.contactDetails.name,
    order.contactDetails.email,
    order.contactDetails.phone,
    order.items.map((item) => `${item.name} x${item.quantity}`).join('; '),
    String(order.items.reduce((sum, item) => sum + item.quantity, 0)),
    order.subtotal.toFixed(2),
    order.shipping.toFixed(2),
    fromPaise(Math.round(order.amount * 100)).toFixed(2),
    [a.addressLine1, a.addressLine2, a.landmark].filter(Boolean).join(', '),
    a.city,
    a.state,
    a.pincode,
    order.txnId,
    f.shippingProvider ?? '',
    f.trackingNumber ?? '',
    f.trackingUrl ?? '',
    f.estimatedDelivery ?? '',
    f.shippedAt ?? '',
    f.deliveredAt ?? '',
  ];
  return cells.map(neutralise);
}

/** The export as a stream: the database is read in batches while the client downloads. */
export function ordersCsvStream(db: Db, filter: OrderFilter): Readable {
  const csv = stringify({ header: true, columns: [...CSV_COLUMNS], bom: true });
  const source = Readable.from(
    (async function* rows() {
      for await (const batch of ordersInBatches(db, filter)) {
        for (const order of batch) yield row(toOrder(order));
      }
    })(),
  );
  source.on('error', (error) => csv.destroy(error));
  return source.pipe(csv);
}
