import {
  editionOf,
  STOCK_NOTIFICATION_MESSAGES,
  type BookLanguage,
  type Locale,
  type StockNotificationBody,
} from '@scholar/shared';
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { stockNotifications } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { backInStockMail } from '../../mail/back-in-stock';
import { mailLanguage } from '../../mail/i18n';
import type { Mailer } from '../../mail/mailer';
import * as repo from './books.repository';

/**
 * "Notify me when it is back" (docs/decisions/056). A reader asks on the page of a book whose edition is out of
 * stock; the ask waits in `stock_notifications`, one waiting row per book, edition and address. Whenever a book's
 * stock may have grown (the desk's edit, copies given back by a cancel or a return), its caller calls
 * `notifyBackInStock` after its transaction committed: every waiting ask whose edition now has copies is claimed
 * with one UPDATE … RETURNING (so that two servers, or two edits, never claim the same row) and gets one mail.
 */

/**
 * Back-in-stock mails one address gets in a day at most (docs/decisions/072), however many books it asked about: an
 * address typed by someone else is not flooded when many books come back at once. The asks beyond are answered, not
 * mailed.
 */
export const BACK_IN_STOCK_MAILS_PER_DAY = 5;

export interface BackInStockDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  log?: FastifyBaseLogger | undefined;
}

/**
 * Records the ask. Refused when the book or the edition does not exist (404, 400) or the edition has copies (400:
 * it can be ordered now). A second ask of the same address for the same edition is the same waiting row: it
 * answers the same. Afterwards the asks of this book are checked once more, so that an ask that crossed a restock
 * is not left waiting.
 */
export async function askBackInStock(
  deps: BackInStockDeps,
  bookId: string,
  body: StockNotificationBody,
  locale: Locale,
): Promise<void> {
  const book = await repo.findBook(deps.db, bookId);
  if (!book) throw notFound('Book not found', 'BOOK_NOT_FOUND');
  const editions = (await repo.editionsOf(deps.db, [book.id])).get(book.id) ?? [];
  const edition = editionOf(editions, body.language);
  if (!edition) {
    throw badRequest(STOCK_NOTIFICATION_MESSAGES.notOffered, 'EDITION_NOT_OFFERED', [
      { path: 'body.language', message: STOCK_NOTIFICATION_MESSAGES.notOffered },
    ]);
  }
  if (edition.stock === null || edition.stock > 0) {
    throw badRequest(STOCK_NOTIFICATION_MESSAGES.inStock, 'IN_STOCK');
  }
  await deps.db
    .insert(stockNotifications)
    .values({ bookId: book.id, language: body.language, email: body.email, locale })
    .onConflictDoNothing();
  await notifyBackInStock(deps, [book.id]);
}

/** An ask claimed for its one mail. */
interface Claimed {
  id: string;
  bookId: string;
  language: string;
  email: string;
  locale: Locale;
}

/**
 * Claims the waiting asks of these books whose edition (or, for an ask of any edition, one of the book's editions)
 * now has copies or does not count them, marking them notified in one statement: a row another server or another
 * edit claimed first is not returned here.
 */
async function claimRestocked(db: Db, bookIds: readonly string[]): Promise<Claimed[]> {
  return db
    .update(stockNotifications)
    .set({ notifiedAt: sql`now()` })
    .where(
      and(
        inArray(stockNotifications.bookId, [...bookIds]),
        isNull(stockNotifications.notifiedAt),
        sql`exists (
          select 1 from book_editions e
          where e.book_id = ${stockNotifications.bookId}
            and (e.stock is null or e.stock > 0)
            and (${stockNotifications.language} = '' or e.language::text = ${stockNotifications.language})
        )`,
      ),
    )
    .returning({
      id: stockNotifications.id,
      bookId: stockNotifications.bookId,
      language: stockNotifications.language,
      email: stockNotifications.email,
      locale: stockNotifications.locale,
    });
}

/**
 * An ask whose mail failed waits again, unless the reader has asked anew since (one waiting ask per book, edition
 * and address).
 */
async function releaseClaim(db: Db, row: Claimed): Promise<void> {
  await db
    .update(stockNotifications)
    .set({ notifiedAt: null })
    .where(
      and(
        eq(stockNotifications.id, row.id),
        sql`not exists (
          select 1 from stock_notifications w
          where w.book_id = ${row.bookId} and w.language = ${row.language} and w.email = ${row.email}
            and w.notified_at is null
        )`,
      ),
    );
}

/**
 * Mails every reader waiting for an edition of these books that is back in stock, once, after the caller's
 * transaction committed (`sendLater`: the answer never waits for the mail). Returns how many were claimed. A
 * failure here is logged and never fails the caller's write, which has already happened.
 */
export async function notifyBackInStock(deps: BackInStockDeps, bookIds: readonly string[]): Promise<number> {
  const ids = [...new Set(bookIds.map((id) => id.toLowerCase()))];
  if (ids.length === 0) return 0;
  try {
    const claimed = await claimRestocked(deps.db, ids);
    if (claimed.length === 0) return 0;
    const names = new Map(
      (await repo.findBooks(deps.db, [...new Set(claimed.map((row) => row.bookId))])).map((row) => [
        row.id,
        row.name,
      ]),
    );
    for (const row of claimed) {
      const name = names.get(row.bookId);
      if (!name) continue;
      const mail = backInStockMail(
        row.email,
        { id: row.bookId, name, language: (row.language || undefined) as BookLanguage | undefined },
        mailLanguage(row.locale, deps.publicUrl),
      );
      // A mail that fails gives its ask back to the waiting ones: the next restock or ask of the book tries again.
      deps.mailer.sendLater(
        mail,
        'back-in-stock mail failed',
        { bookId: row.bookId },
        () => releaseClaim(deps.db, row),
        { perRecipientPerDay: BACK_IN_STOCK_MAILS_PER_DAY },
      );
    }
    return claimed.length;
  } catch (error) {
    deps.log?.error({ err: error, bookIds: ids }, 'could not send the back-in-stock mails');
    return 0;
  }
}
