import { Readable } from 'node:stream';
import { toIndiaIsoString, type MoneyState } from '@scholar/shared';
import { stringify } from 'csv-stringify/sync';
import type { Db } from '../../db/client';
import { moneyOfRow } from './cod';
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
  'Refunded',
  'Net Total',
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
  'Cancelled At',
  // Added at the end, so that the columns before keep their places (docs/decisions/051).
  'Payment Method',
  'Coupon Code',
  'Discount',
  'COD Fee',
  'Cash Collected At',
  // The money's state (docs/decisions/058): received, still to collect in cash, and in words.
  'Paid',
  'Due',
  'Payment State',
] as const;

/** The money's state in the desk's words. */
export const MONEY_STATE_WORDS: Record<MoneyState, string> = {
  paid: 'Paid',
  partly_refunded: 'Partly refunded',
  refunded: 'Refunded',
  cod_due: 'COD due, not collected',
  cod_collected: 'COD collected',
  cod_void: 'COD, nothing collected',
};

/**
 * CSV injection (OWASP, "CSV Injection"): a spreadsheet reads a cell that starts with =, +, -, @, tab or carriage
 * return as a formula, which can reach the network (HYPERLINK, WEBSERVICE) or other programs (DDE). The export is
 * comma-separated, but a spreadsheet set up for a locale whose list separator is the semicolon (much of Europe), or
 * an import as tab-separated text, splits our cells again at each ';' or tab, so what follows one is the start of a
 * cell as well: `ok;=1+1` is two cells there, the second a formula. So:
 *
 * - every piece of a value that such a reader may take for a cell (its start, and what follows each ',', ';', tab or
 *   line break, leading spaces skipped) and that starts with one of those characters gets a leading apostrophe, the
 *   sign OWASP recommends: the spreadsheet shows it as text;
 * - except a piece that is a plain number or phone number (a sign, then only digits, spaces, brackets, dots and
 *   hyphens, such as `+91 98300 98300`): read as a formula it is arithmetic on numbers, which can call nothing and
 *   read nothing, so it is kept as it was written. (A spreadsheet that takes it for a number may show it without its
 *   '+'; the file still holds it exactly, and an import that reads the column as text keeps it whole, whereas the
 *   apostrophe would be part of the number in every program.)
 * - every cell is quoted (`ordersCsvStream`), OWASP's other advice, so that a delimiter inside a cell is text to a
 *   reader that honours quotes.
 */
const BREAKS = /([,;\t\r\n])/;
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?\d[\d ().-]*$/;

export function neutralise(value: string): string {
  // split keeps the breaks at the odd indexes: piece, break, piece, break, ..., piece.
  const parts = value.split(BREAKS);
  return parts
    .map((part, i) => {
      if (i % 2 === 1) return part;
      // A piece that is empty before a tab or carriage return: the cell would start with that character.
      if (part === '') return FORMULA_START.test(parts[i + 1] ?? '') ? "'" : part;
      const lead = /^ */.exec(part)![0];
      const rest = part.slice(lead.length);
      if (!FORMULA_START.test(rest)) return part;
      if (/^[+-]/.test(rest) && PLAIN_NUMBER.test(rest.trimEnd())) return part;
      return `${lead}'${rest}`;
    })
    .join('');
}

const rupees = (amount: number) => amount.toFixed(2);

function row(order: ExportRow): string[] {
  const a = order.shippingAddress;
  const sums = moneyOfRow(order);
  const cells = [
    order.orderNumber,
    toIndiaIsoString(order.createdAt),
    order.status,
    order.contactName,
    order.contactEmail,
    order.contactPhone,
    order.items ?? '',
    String(order.itemCount),
    rupees(sums.subtotal),
    rupees(sums.delivery),
    rupees(sums.total),
    rupees(sums.refunded),
    rupees(sums.net),
    [a.addressLine1, a.addressLine2, a.landmark].filter(Boolean).join(', '),
    a.city,
    a.state,
    a.pincode,
    order.txnId,
    order.shippingProvider ?? '',
    order.trackingNumber ?? '',
    order.trackingUrl ?? '',
    order.estimatedDelivery ?? '',
    order.shippedAt ? toIndiaIsoString(order.shippedAt) : '',
    order.deliveredAt ? toIndiaIsoString(order.deliveredAt) : '',
    order.cancelledAt ? toIndiaIsoString(order.cancelledAt) : '',
    order.paymentMethod === 'cod' ? 'Cash on delivery' : 'Card',
    order.couponCode ?? '',
    rupees(sums.discount),
    rupees(sums.codFee),
    order.codCollectedAt ? toIndiaIsoString(order.codCollectedAt) : '',
    rupees(sums.paid),
    rupees(sums.due),
    MONEY_STATE_WORDS[sums.state],
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
        yield stringify(batch.map(row), { quoted: true });
      }
    })(),
    { objectMode: false },
  );
}
