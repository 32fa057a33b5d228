import { indiaDateOf, type Order, type Seller } from '@scholar/shared';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { busyRefusal, FairQueue } from '../../lib/fair-queue';
import { getOrder, getUserOrder } from '../orders/orders.service';
import { readSiteSettings } from '../settings/settings.service';
import { renderBillPdf, type BillDocument } from './bill-pdf';
import {
  findBillOfOrder,
  insertBill,
  lockBillOfOrder,
  takeBillNumber,
  type BillRow,
} from './bills.repository';

export type { BillRow } from './bills.repository';

/**
 * Bills of supply (docs/decisions/053): one per paid card order (written with the order) and per COD order once its
 * cash is collected, numbered `BOS/2026-27/000001` without gaps in each financial year.
 */

/** The financial year of an instant, April to March in India: '2026-27'. */
export function financialYearOf(at: Date): string {
  const [year, month] = indiaDateOf(at).split('-').map(Number) as [number, number];
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** A bill's number as printed: `BOS/2026-27/000001`. */
export const billNumber = (financialYear: string, seq: number): string =>
  `BOS/${financialYear}/${String(seq).padStart(6, '0')}`;

/**
 * The order's bill, issued in the caller's transaction `tx`: the next number of the financial year of `now` from
 * `bill_counters` (the counter's row stays locked until `tx` ends, so a rolled-back transaction gives its number
 * back and no two bills share one), and the seller as the site's settings name it now. Once per order: a second
 * call answers the bill the first one wrote.
 */
export async function issueBill(tx: Db, orderId: string, now: Date = new Date()): Promise<BillRow> {
  await lockBillOfOrder(tx, orderId);
  const existing = await findBillOfOrder(tx, orderId);
  if (existing) return existing;
  const { seller } = await readSiteSettings(tx);
  const financialYear = financialYearOf(now);
  const seq = await takeBillNumber(tx, financialYear);
  return insertBill(tx, {
    orderId,
    financialYear,
    seq,
    number: billNumber(financialYear, seq),
    issuedAt: now,
    seller: { ...seller, gstin: seller.gstin.toUpperCase(), pan: seller.pan.toUpperCase() },
  });
}

/** The bill of an order, if it has one. */
export const findBill = (db: Db, orderId: string): Promise<BillRow | undefined> =>
  findBillOfOrder(db, orderId);

/** What the bill of `order` shows: the order's own snapshot (lines, sums, address) and the seller as issued. */
export function billDocument(bill: BillRow, order: Order): BillDocument {
  const a = order.shippingAddress;
  return {
    number: bill.number,
    issuedAt: bill.issuedAt,
    seller: bill.seller as unknown as Seller,
    orderNumber: order.orderNumber,
    orderDate: order.createdAt,
    paymentMethod: order.paymentMethod === 'cod' ? 'cod' : 'card',
    buyer: order.contactDetails,
    address: [
      a.addressLine1,
      a.addressLine2,
      a.landmark ? `Near ${a.landmark}` : undefined,
      `${a.city}, ${a.state} ${a.pincode}`,
    ].filter((line): line is string => Boolean(line)),
    lines: order.items.map((item) => ({
      name: item.name,
      author: item.author,
      language: item.selectedLanguage,
      quantity: item.quantity,
      price: item.price,
    })),
    subtotal: order.money.subtotal,
    discount: order.money.discount,
    couponCode: order.money.couponCode,
    delivery: order.money.delivery,
    codFee: order.money.codFee,
    total: order.money.total,
  };
}

/** A bill as a file to send: its name carries the bill's number (`BOS-2026-27-000001.pdf`). */
export interface BillPdf {
  number: string;
  fileName: string;
  pdf: Buffer;
}

export const billFileName = (number: string) => `${number.replace(/\//g, '-')}.pdf`;

/**
 * Rendering a PDF is CPU work on the server's one thread: two at a time in a process, a few per client, the rest
 * refused at once (429 for a client with its share under way, 503 when the queue is full) rather than left to pile
 * up (lib/fair-queue.ts).
 */
export const BILL_PDF_LIMITS = { concurrency: 2, maxQueued: 40, perClient: 3 } as const;
const RETRY_AFTER_SECONDS = 2;
const pdfQueue = new FairQueue(
  BILL_PDF_LIMITS,
  busyRefusal(
    { message: 'Too many bills at once. Please try again in a moment.', code: 'BILL_BUSY' },
    RETRY_AFTER_SECONDS,
  ),
);

/** Renders `bill` of `order` in its turn; `client` is whose turn it is (an address, or 'mail'). */
export async function renderBill(bill: BillRow, order: Order, client: string): Promise<BillPdf> {
  const pdf = await pdfQueue.run(client, () => renderBillPdf(billDocument(bill, order)));
  return { number: bill.number, fileName: billFileName(bill.number), pdf };
}

const noBill = () => notFound('This order has no bill yet', 'BILL_NOT_FOUND');

/**
 * The PDF of an order's bill, for whoever already proved they may see the order (the guest's signed tracking link,
 * the desk). 404 when the order does not exist or has no bill yet (a COD order before its cash is collected).
 */
export async function billPdfForOrder(db: Db, orderId: string, client = 'server'): Promise<BillPdf> {
  const bill = await findBillOfOrder(db, orderId);
  if (!bill) throw noBill();
  return renderBill(bill, await getOrder(db, orderId), client);
}

/** The PDF of a customer's own order's bill: another customer's order is the same 404 as no order. */
export async function customerBillPdf(
  db: Db,
  userId: string,
  orderId: string,
  client: string,
): Promise<BillPdf> {
  const order = await getUserOrder(db, userId, orderId);
  const bill = await findBillOfOrder(db, orderId);
  if (!bill) throw noBill();
  return renderBill(bill, order, client);
}
