import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders, users, type OrderRow } from '../../db/schema';

/** The order of an order number (stored in capitals), or undefined. */
export async function findOrderByNumber(db: Db, orderNumber: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.orderNumber, orderNumber)).limit(1);
  return row;
}

/**
 * Gives the orders placed as a guest with this email (any case) to the user, in one UPDATE (by the index on
 * `lower(contact_email)`); answers how many. Orders of an account stay with it.
 */
export async function attachGuestOrdersByEmail(db: Db, userId: string, email: string): Promise<number> {
  const rows = await db
    .update(orders)
    .set({ userId })
    .where(and(isNull(orders.userId), sql`lower(${orders.contactEmail}) = ${email.toLowerCase()}`))
    .returning({ id: orders.id });
  return rows.length;
}

/**
 * The customer account whose email (any case) is this one and has been confirmed, if any: an order placed as a
 * guest with it belongs to that account at once, as the guest orders before the confirmation joined it then.
 */
export async function confirmedCustomerOfEmail(db: Db, email: string): Promise<string | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        // Stored lower-cased, under a unique index.
        eq(users.email, email.trim().toLowerCase()),
        isNotNull(users.emailVerifiedAt),
        eq(users.role, 'user'),
      ),
    )
    .limit(1);
  return row?.id ?? null;
}
