import { and, asc, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderItems, orders, type OrderItemRow, type OrderRow } from '../../db/schema';

export type OrderWithItems = OrderRow & { items: OrderItemRow[] };

export async function findOrderByRazorpayOrderId(
  db: Db,
  razorpayOrderId: string,
): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.razorpayOrderId, razorpayOrderId)).limit(1);
  return row;
}

export async function findOrderById(db: Db, id: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  return row;
}

/** The items of several orders in one query. */
export async function withItems(db: Db, rows: OrderRow[]): Promise<OrderWithItems[]> {
  if (rows.length === 0) return [];
  const items = await db
    .select()
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(orderItems.orderId), asc(orderItems.id));
  const byOrder = new Map<string, OrderItemRow[]>();
  for (const item of items) byOrder.set(item.orderId, [...(byOrder.get(item.orderId) ?? []), item]);
  return rows.map((row) => ({ ...row, items: byOrder.get(row.id) ?? [] }));
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
  /** Inclusive, from 00:00 India time. */
  from?: Date | undefined;
  /** Exclusive. */
  to?: Date | undefined;
  userId?: string | undefined;
}

function whereOf(filter: OrderFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(orders.status, filter.status));
  if (filter.from) conditions.push(gte(orders.createdAt, filter.from));
  if (filter.to) conditions.push(lt(orders.createdAt, filter.to));
  if (filter.userId) conditions.push(eq(orders.userId, filter.userId));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** A page of orders, newest first (the indexes on created_at serve every filter), and the total. */
export async function listOrders(
  db: Db,
  filter: OrderFilter,
  page: number,
  limit: number,
): Promise<{ rows: OrderRow[]; total: number }> {
  const where = whereOf(filter);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

/** Counts and revenue in one aggregate query. Revenue leaves out orders that came back (RTO). */
export async function orderStats(db: Db, filter: OrderFilter) {
  const [row] = await db
    .select({
      total: count(),
      revenuePaise: sql<string>`coalesce(sum(${orders.amountPaise}) filter (where ${orders.status} <> 'RTO'), 0)`,
      pending: sql<number>`count(*) filter (where ${orders.status} = 'pending')`.mapWith(Number),
      shipped: sql<number>`count(*) filter (where ${orders.status} = 'shipped')`.mapWith(Number),
      delivered: sql<number>`count(*) filter (where ${orders.status} = 'delivered')`.mapWith(Number),
      rto: sql<number>`count(*) filter (where ${orders.status} = 'RTO')`.mapWith(Number),
    })
    .from(orders)
    .where(whereOf(filter));
  return {
    total: row?.total ?? 0,
    revenuePaise: Number(row?.revenuePaise ?? 0),
    pending: row?.pending ?? 0,
    shipped: row?.shipped ?? 0,
    delivered: row?.delivered ?? 0,
    rto: row?.rto ?? 0,
  };
}

/** Revenue and order count per day (India time) since `from`. */
export async function revenueByDay(db: Db, from: Date) {
  const day = sql<string>`to_char(${orders.createdAt} at time zone 'Asia/Kolkata', 'YYYY-MM-DD')`;
  const rows = await db
    .select({
      date: day,
      revenuePaise: sql<string>`coalesce(sum(${orders.amountPaise}) filter (where ${orders.status} <> 'RTO'), 0)`,
      orders: count(),
    })
    .from(orders)
    .where(gte(orders.createdAt, from))
    .groupBy(day)
    .orderBy(day);
  return rows.map((r) => ({ date: r.date, revenuePaise: Number(r.revenuePaise), orders: r.orders }));
}

export async function updateOrder(
  db: Db,
  id: string,
  values: Partial<typeof orders.$inferInsert>,
): Promise<OrderRow | undefined> {
  const [row] = await db.update(orders).set(values).where(eq(orders.id, id)).returning();
  return row;
}

/**
 * Every order matching the filter, newest first, in batches of `batchSize` read by keyset on the id (UUID v7 ids
 * grow with time; a timestamp keyset would lose rows that share a millisecond), so that an export of any size holds
 * one batch in memory at a time.
 */
export async function* ordersInBatches(
  db: Db,
  filter: OrderFilter,
  batchSize = 1000,
): AsyncGenerator<OrderWithItems[]> {
  let afterId: string | undefined;
  for (;;) {
    const rows = await db
      .select()
      .from(orders)
      .where(and(whereOf(filter), afterId ? lt(orders.id, afterId) : undefined))
      .orderBy(desc(orders.id))
      .limit(batchSize);
    if (rows.length === 0) return;
    yield await withItems(db, rows);
    afterId = rows[rows.length - 1]!.id;
    if (rows.length < batchSize) return;
  }
}
