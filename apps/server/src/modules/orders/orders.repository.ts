import { asc, eq, inArray } from 'drizzle-orm';
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
