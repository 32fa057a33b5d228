import {
  COUPON_MESSAGES,
  DEFAULT_LANGUAGE,
  checkoutBookId,
  checkoutLineKey,
  type CreatePaymentOrderBody,
} from '@scholar/shared';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { conflict } from '../../lib/errors';

/*
 * Cash on delivery without an account (docs/decisions/074). A guest's cash-on-delivery order takes its copies at once
 * and costs its buyer nothing until the parcel comes, so anyone could empty the shelf with made-up names. Until the
 * desk sends them, guests' cash-on-delivery orders may hold only a few copies of each edition between them, and one
 * email or phone number only a few orders. A buyer with an account, or paying by card, is not limited by this.
 */

/** Guests' cash-on-delivery orders not yet sent that one email or phone number may have. */
export const GUEST_COD_OPEN_ORDERS = 2;
/** Copies of one edition that guests' cash-on-delivery orders not yet sent may hold between them. */
export const GUEST_COD_OPEN_COPIES = 10;
/** The lock that makes guests' cash-on-delivery orders take turns at this check (727274–727277 are the jobs'). */
const GUEST_COD_LOCK_KEY = 727278;

/**
 * Refuses a guest's cash-on-delivery order beyond the limits, in the transaction that will make it: guests' orders
 * take turns here (an advisory lock held to the end of the transaction), so that parallel orders cannot all pass.
 */
export async function assertGuestCodAllowed(db: Db, body: CreatePaymentOrderBody): Promise<void> {
  const guest = body.guestInfo;
  if (!guest) return;
  await db.execute(sql`SELECT pg_advisory_xact_lock(${GUEST_COD_LOCK_KEY})`);
  const [open] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM orders
        WHERE payment_method = 'cod' AND user_id IS NULL AND status = 'pending'
          AND (lower(contact_email) = lower(${guest.email}) OR contact_phone = ${guest.phone})`,
  );
  if ((open?.n ?? 0) >= GUEST_COD_OPEN_ORDERS) {
    throw conflict(COUPON_MESSAGES.codGuestOpenOrders, 'COD_GUEST_LIMIT');
  }
  const wanted = new Map<string, { bookId: string; language: string; quantity: number }>();
  for (const item of body.cartItems) {
    const bookId = checkoutBookId(item).toLowerCase();
    const language = item.selectedLanguage ?? DEFAULT_LANGUAGE;
    const line = wanted.get(checkoutLineKey(item)) ?? { bookId, language, quantity: 0 };
    line.quantity += item.quantity;
    wanted.set(checkoutLineKey(item), line);
  }
  // What guests' unsent orders already hold of these books, by edition, in one read (each book named once at least).
  const bookIds = [...new Set([...wanted.values()].map((line) => line.bookId))];
  const held = await queryRows<{ book_id: string; language: string; n: number; name: string }>(
    db,
    sql`SELECT b.id AS book_id, coalesce(oi.selected_language, ${DEFAULT_LANGUAGE}) AS language,
          coalesce(sum(oi.quantity), 0)::int AS n, b.name
        FROM books b
        LEFT JOIN (order_items oi JOIN orders o ON o.id = oi.order_id
            AND o.payment_method = 'cod' AND o.user_id IS NULL AND o.status = 'pending')
          ON oi.book_id = b.id
        WHERE b.id IN (${sql.join(
          bookIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
        GROUP BY b.id, b.name, 2`,
  );
  for (const line of wanted.values()) {
    const already = held.find((row) => row.book_id === line.bookId && row.language === line.language)?.n ?? 0;
    if (already + line.quantity > GUEST_COD_OPEN_COPIES) {
      const name = held.find((row) => row.book_id === line.bookId)?.name ?? 'this book';
      throw conflict(COUPON_MESSAGES.codGuestCopies(name), 'COD_GUEST_COPIES');
    }
  }
}
