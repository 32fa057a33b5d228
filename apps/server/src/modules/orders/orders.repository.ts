import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  lt,
  lte,
  sql,
  type SQL,
} from 'drizzle-orm';
import { normalizeIndianPhone } from '@scholar/shared';
import type { Db } from '../../db/client';
import {
  ORDER_SEARCH_TEXT,
  orderDayStats,
  orderItems,
  orders,
  refunds,
  type OrderItemRow,
  type OrderRow,
  type RefundRow,
} from '../../db/schema';
import { DAY_MS, startOfIndianDay } from './india-day';

export type OrderWithItems = OrderRow & { items: OrderItemRow[]; refunds: RefundRow[] };

export async function findOrderByRazorpayOrderId(
  db: Db,
  razorpayOrderId: string,
): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.razorpayOrderId, razorpayOrderId)).limit(1);
  return row;
}

/** The order, locked until the end of the transaction: refunds and cancellations of one order run one at a time. */
export async function lockOrder(tx: Pick<Db, 'select'>, id: string): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  return row;
}

export async function findOrderById(db: Db, id: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  return row;
}

/** One order of one customer: undefined when it does not exist or belongs to someone else. */
export async function findUserOrder(db: Db, userId: string, id: string): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.userId, userId)))
    .limit(1);
  return row;
}

/** The items and refunds of several orders, in two queries. */
export async function withItems(db: Db, rows: OrderRow[]): Promise<OrderWithItems[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [items, refundRows] = await Promise.all([
    db
      .select()
      .from(orderItems)
      .where(inArray(orderItems.orderId, ids))
      .orderBy(asc(orderItems.orderId), asc(orderItems.id)),
    db
      .select()
      .from(refunds)
      .where(inArray(refunds.orderId, ids))
      .orderBy(asc(refunds.orderId), asc(refunds.createdAt), asc(refunds.id)),
  ]);
  const byOrder = new Map<string, OrderItemRow[]>();
  for (const item of items) byOrder.set(item.orderId, [...(byOrder.get(item.orderId) ?? []), item]);
  const refundsByOrder = new Map<string, RefundRow[]>();
  for (const refund of refundRows)
    refundsByOrder.set(refund.orderId, [...(refundsByOrder.get(refund.orderId) ?? []), refund]);
  return rows.map((row) => ({
    ...row,
    items: byOrder.get(row.id) ?? [],
    refunds: refundsByOrder.get(row.id) ?? [],
  }));
}

export type NewOrder = typeof orders.$inferInsert;
export type NewOrderItem = Omit<typeof orderItems.$inferInsert, 'orderId'>;

/**
 * Inserts the order unless one exists for its Razorpay order (the unique key makes the verify call and the webhook
 * race-safe). Answers the new order, or undefined when another call created it first.
 */
export async function insertOrderOnce(
  db: Db,
  order: NewOrder,
  items: NewOrderItem[],
): Promise<OrderRow | undefined> {
  const [row] = await db
    .insert(orders)
    .values(order)
    .onConflictDoNothing({ target: orders.razorpayOrderId })
    .returning();
  if (!row) return undefined;
  if (items.length > 0)
    await db.insert(orderItems).values(items.map((item) => ({ ...item, orderId: row.id })));
  return row;
}

export interface OrderFilter {
  status?: OrderRow['status'] | undefined;
  /** First India day (YYYY-MM-DD), inclusive. */
  startDate?: string | undefined;
  /** Last India day (YYYY-MM-DD), inclusive. */
  endDate?: string | undefined;
  userId?: string | undefined;
  /** Part of the order number, customer name, email or phone (any case); matched literally. */
  search?: string | undefined;
  /** Guests' cash-on-delivery orders waiting to be sent only (docs/decisions/074). */
  guestCodWaiting?: boolean | undefined;
}

/** A guest's cash-on-delivery order not sent yet: the partial index `orders_guest_cod_open_idx` says the same. */
export const GUEST_COD_WAITING = sql`${orders.paymentMethod} = 'cod' AND ${orders.userId} IS NULL AND ${orders.status} = 'pending'`;

/** A term for LIKE that matches itself only: its wildcards (`%`, `_`) and the escape character escaped. */
export function likeLiteral(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function whereOf(filter: OrderFilter): SQL | undefined {
  const conditions: SQL[] = [];
  // The expression of the trigram index `orders_search_trgm_idx`, so that a search over every order uses it. A
  // phone number, however written ('+91 98200 22222'), is looked for as the 10 digits the orders keep.
  if (filter.search) {
    const term = normalizeIndianPhone(filter.search) ?? filter.search;
    conditions.push(sql`${ORDER_SEARCH_TEXT} LIKE '%' || lower(${likeLiteral(term)}) || '%'`);
  }
  if (filter.status) conditions.push(eq(orders.status, filter.status));
  if (filter.startDate) conditions.push(gte(orders.createdAt, startOfIndianDay(filter.startDate)));
  if (filter.endDate)
    conditions.push(lt(orders.createdAt, new Date(startOfIndianDay(filter.endDate).getTime() + DAY_MS)));
  if (filter.userId) conditions.push(eq(orders.userId, filter.userId));
  if (filter.guestCodWaiting) conditions.push(GUEST_COD_WAITING);
  return conditions.length > 0 ? and(...conditions) : undefined;
}

const newestFirst = [desc(orders.createdAt), desc(orders.id)];

/**
 * A page of orders, newest first, and the total. The page's ids are found first from the index alone (a deep
 * page skips index entries, not rows), then only those rows are read. The admin list's total comes from the
 * per-day table; a customer's from their own few orders; a search's from the orders it matches (the same filter
 * as the page, through the trigram index); guests' waiting cash-on-delivery orders' from their partial index.
 */
export async function listOrders(
  db: Db,
  filter: OrderFilter,
  page: number,
  limit: number,
): Promise<{ rows: OrderRow[]; total: number }> {
  const where = whereOf(filter);
  const ids = db
    .select({ id: orders.id })
    .from(orders)
    .where(where)
    .orderBy(...newestFirst)
    .limit(limit)
    .offset((page - 1) * limit)
    .as('page');
  const [rows, total] = await Promise.all([
    db
      .select(getTableColumns(orders))
      .from(orders)
      .innerJoin(ids, eq(orders.id, ids.id))
      .orderBy(...newestFirst),
    filter.userId || filter.search || filter.guestCodWaiting
      ? db
          .select({ n: count() })
          .from(orders)
          .where(where)
          .then((totals) => totals[0]?.n ?? 0)
      : countOrders(db, filter),
  ]);
  return { rows, total };
}

function dayRange(filter: Pick<OrderFilter, 'startDate' | 'endDate'>): SQL[] {
  const conditions: SQL[] = [];
  if (filter.startDate) conditions.push(gte(orderDayStats.day, filter.startDate));
  if (filter.endDate) conditions.push(lte(orderDayStats.day, filter.endDate));
  return conditions;
}

/** Orders matching a status and date filter, from the per-day table. */
async function countOrders(db: Db, filter: OrderFilter): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${orderDayStats.orders}), 0)`.mapWith(Number) })
    .from(orderDayStats)
    .where(and(...dayRange(filter), filter.status ? eq(orderDayStats.status, filter.status) : undefined));
  return row?.n ?? 0;
}

/**
 * Counts per status and revenue net of refunds over a date range, from the per-day table. Revenue leaves out RTO
 * orders (their money came back with the parcel, or is settled by hand) and cash on delivery not yet collected.
 */
export async function orderStats(db: Db, filter: Pick<OrderFilter, 'startDate' | 'endDate'>) {
  const rows = await db
    .select({
      status: orderDayStats.status,
      orders: sql<number>`sum(${orderDayStats.orders})`.mapWith(Number),
      netPaise:
        sql<number>`sum(${orderDayStats.amountPaise} - ${orderDayStats.refundedPaise} - ${orderDayStats.codDuePaise})`.mapWith(
          Number,
        ),
    })
    .from(orderDayStats)
    .where(and(...dayRange(filter)))
    .groupBy(orderDayStats.status);
  const of = (status: OrderRow['status']) => rows.find((r) => r.status === status)?.orders ?? 0;
  return {
    total: rows.reduce((sum, r) => sum + r.orders, 0),
    revenuePaise: rows.filter((r) => r.status !== 'RTO').reduce((sum, r) => sum + r.netPaise, 0),
    pending: of('pending'),
    shipped: of('shipped'),
    delivered: of('delivered'),
    rto: of('RTO'),
    cancelled: of('cancelled'),
  };
}

/** Revenue net of refunds (RTO left out) and order count per India day of the order from `firstDay` on. */
export async function revenueByDay(db: Db, firstDay: string) {
  const rows = await db
    .select({
      date: sql<string>`to_char(${orderDayStats.day}, 'YYYY-MM-DD')`,
      revenuePaise:
        sql<number>`coalesce(sum(${orderDayStats.amountPaise} - ${orderDayStats.refundedPaise} - ${orderDayStats.codDuePaise}) filter (where ${orderDayStats.status} <> 'RTO'), 0)`.mapWith(
          Number,
        ),
      orders: sql<number>`sum(${orderDayStats.orders})`.mapWith(Number),
    })
    .from(orderDayStats)
    .where(gte(orderDayStats.day, firstDay))
    .groupBy(orderDayStats.day)
    .orderBy(orderDayStats.day);
  return rows;
}

export async function updateOrder(
  db: Db,
  id: string,
  values: Partial<typeof orders.$inferInsert>,
): Promise<OrderRow | undefined> {
  const [row] = await db.update(orders).set(values).where(eq(orders.id, id)).returning();
  return row;
}

/** One line of the CSV export: the order's own columns and its items summed up by the database. */
export type ExportRow = Pick<
  OrderRow,
  | 'orderNumber'
  | 'createdAt'
  | 'status'
  | 'contactName'
  | 'contactEmail'
  | 'contactPhone'
  | 'subtotalPaise'
  | 'shippingPaise'
  | 'amountPaise'
  | 'refundedPaise'
  | 'cancelledAt'
  | 'shippingAddress'
  | 'txnId'
  | 'shippingProvider'
  | 'trackingNumber'
  | 'trackingUrl'
  | 'estimatedDelivery'
  | 'shippedAt'
  | 'deliveredAt'
  | 'paymentMethod'
  | 'couponCode'
  | 'discountPaise'
  | 'codFeePaise'
  | 'codCollectedAt'
> & { id: string; items: string | null; itemCount: number };

const exportColumns = {
  id: orders.id,
  orderNumber: orders.orderNumber,
  createdAt: orders.createdAt,
  status: orders.status,
  contactName: orders.contactName,
  contactEmail: orders.contactEmail,
  contactPhone: orders.contactPhone,
  subtotalPaise: orders.subtotalPaise,
  shippingPaise: orders.shippingPaise,
  amountPaise: orders.amountPaise,
  refundedPaise: orders.refundedPaise,
  cancelledAt: orders.cancelledAt,
  shippingAddress: orders.shippingAddress,
  txnId: orders.txnId,
  shippingProvider: orders.shippingProvider,
  trackingNumber: orders.trackingNumber,
  trackingUrl: orders.trackingUrl,
  estimatedDelivery: orders.estimatedDelivery,
  shippedAt: orders.shippedAt,
  deliveredAt: orders.deliveredAt,
  paymentMethod: orders.paymentMethod,
  couponCode: orders.couponCode,
  discountPaise: orders.discountPaise,
  codFeePaise: orders.codFeePaise,
  codCollectedAt: orders.codCollectedAt,
  // Written out with qualified names: inside a subquery the builder would leave "id" unqualified.
  // Each item as "Forty Hadith (Bengali) x2": the edition's language when the item has one.
  items: sql<string | null>`(SELECT string_agg(
      i.name || coalesce(' (' || initcap(i.selected_language) || ')', '') || ' x' || i.quantity, '; ' ORDER BY i.id)
    FROM order_items i WHERE i.order_id = "orders"."id")`,
  itemCount: sql<number>`(SELECT coalesce(sum(i.quantity), 0)
    FROM order_items i WHERE i.order_id = "orders"."id")`.mapWith(Number),
};

/**
 * Every order matching the filter as export lines, newest first, in batches of `batchSize` read by keyset on the
 * id (UUID v7 ids grow with time; a timestamp keyset would lose rows that share a millisecond), so that an export
 * of any size holds at most two small batches in memory: the next is read while the caller writes the current one.
 */
export async function* exportRowsInBatches(
  db: Db,
  filter: OrderFilter,
  batchSize = 500,
): AsyncGenerator<ExportRow[]> {
  const read = async (afterId: string | undefined) =>
    db
      .select(exportColumns)
      .from(orders)
      .where(and(whereOf(filter), afterId ? lt(orders.id, afterId) : undefined))
      .orderBy(desc(orders.id))
      .limit(batchSize);
  let next = read(undefined);
  for (;;) {
    const batch = await next;
    if (batch.length === 0) return;
    const last = batch.length === batchSize ? batch[batch.length - 1]!.id : undefined;
    next = last ? read(last) : Promise.resolve([]);
    // Should the caller stop early, a failure of the read ahead must not go unhandled.
    next.catch(() => undefined);
    yield batch;
  }
}
