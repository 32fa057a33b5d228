import { Readable } from 'node:stream';
import { fromPaise } from '@scholar/shared';
import { stringify } from 'csv-stringify/sync';
import type { Db } from '../../db/client';
import { exportRowsInBatches, type ExportRow, type OrderFilter } from './orders.repository';

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

const money = (paise: number) => fromPaise(paise).toFixed(2);

function row(order: ExportRow): string[] {
  const a = order.shippingAddress;
  const cells = [
    order.orderNumber,
    order.createdAt.toISOString(),
    order.status,
    order.contactName,
    order.contactEmail,
    order.contactPhone,
    order.items ?? '',
    String(order.itemCount),
    money(order.subtotalPaise),
    money(order.shippingPaise),
    money(order.amountPaise),
    [a.addressLine1, a.addressLine2, a.landmark].filter(Boolean).join(', '),
    a.city,
    a.state,
    a.pincode,
    order.txnId,
    order.shippingProvider ?? '',
    order.trackingNumber ?? '',
    order.trackingUrl ?? '',
    order.estimatedDelivery ?? '',
    order.shippedAt?.toISOString() ?? '',
    order.deliveredAt?.toISOString() ?? '',
  ];
  return cells.map(neutralise);
}

/**
 * The export as a stream: the database is read in batches while the client downloads, and each batch goes out as
 * one chunk of CSV (row-sized chunks would make the response compression several times slower).
 */
export function ordersCsvStream(db: Db, filter: OrderFilter): Readable {
  return Readable.from(
    (async function* chunks() {
      yield stringify([[...CSV_COLUMNS]], { bom: true });
      for await (const batch of exportRowsInBatches(db, filter)) {
        yield stringify(batch.map(row));
      }
    })(),
    { objectMode: false },
  );
}
