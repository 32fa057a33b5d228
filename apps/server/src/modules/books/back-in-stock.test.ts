import { and, eq, isNull, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { authHeader } from '../../../test/support/app';
import { createBook, createUser } from '../../../test/support/factories';
import { buyAsGuest } from '../../../test/support/purchase';
import { mimePart } from '../../../test/support/smtp';
import { signInAdmin, useTestApp } from '../../../test/support/use-test-app';
import { mailOutbox, stockNotifications } from '../../db/schema';
import { BACK_IN_STOCK_MAILS_PER_DAY, notifyBackInStock } from './back-in-stock';
import { STOCK_NOTIFY_PER_EMAIL_PER_HOUR, STOCK_NOTIFY_PER_IP_PER_HOUR } from './books.routes';

const { ctx, smtp } = useTestApp({ smtp: true, env: { LOG_LEVEL: 'silent' } });

let admin: Record<string, string>;
beforeEach(async () => {
  admin = await signInAdmin(ctx);
  await ctx.app.mailer.idle();
  smtp.inbox.length = 0;
});

/** Each ask from an address of its own: the per-address limit has its own test. */
let askers = 0;
function ask(bookId: string, body: object, options: { locale?: string; address?: string } = {}) {
  askers += 1;
  return ctx.app.inject({
    method: 'POST',
    url: `/api/books/${bookId}/notify`,
    remoteAddress: options.address ?? `10.77.${askers >> 8}.${askers & 255}`,
    headers: { 'x-site-locale': options.locale ?? 'en' },
    payload: body,
  });
}

let mailboxes = 0;
const nextEmail = () => `reader-${Date.now().toString(36)}-${(mailboxes += 1)}@example.com`;

/** A book with an English edition (out of stock) and an Urdu one with 3 copies. */
const soldOutBook = (name = `Sold Out ${Date.now()}`) =>
  createBook(ctx.database.db, {
    name,
    price: 300,
    editions: [
      { language: 'english', stock: 0 },
      { language: 'urdu', stock: 3 },
    ],
  });

/** The desk's edit of the book's editions (English first, then Urdu), as the editor sends it. */
function setStock(book: { id: string; name: string }, english: number, urdu = 3) {
  return ctx.app.inject({
    method: 'PUT',
    url: `/api/books/${book.id}`,
    headers: admin,
    payload: {
      name: book.name,
      description: 'A careful introduction for the general reader.',
      author: 'Darul Ilm Publications',
      price: 300,
      editions: [
        { language: 'english', stock: english, price: null },
        { language: 'urdu', stock: urdu, price: null },
      ],
    },
  });
}

const waiting = (bookId: string) =>
  ctx.database.db
    .select()
    .from(stockNotifications)
    .where(and(eq(stockNotifications.bookId, bookId), isNull(stockNotifications.notifiedAt)));

describe('notify me when it is back', () => {
  it('keeps one waiting ask per address and edition, then mails once when the desk restocks', async () => {
    const book = await soldOutBook('Kitab at-Tawhid');
    const email = nextEmail();
    const first = await ask(book.id, { email, language: 'english' });
    expect(first.statusCode).toBe(202);
    expect(first.json()).toEqual({
      success: true,
      message: 'We will email you when this book is back in stock',
    });
    // Asked again (upper case, spaces): the same answer, the same one row.
    const again = await ask(book.id, { email: `  ${email.toUpperCase()} `, language: 'english' });
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual(first.json());
    expect(await waiting(book.id)).toHaveLength(1);

    // Stock set to 0 again: nothing is sent, the ask waits.
    expect((await setStock(book, 0)).statusCode).toBe(200);
    await ctx.app.mailer.idle();
    expect(smtp.inbox).toHaveLength(0);

    // 0 → 5: one mail with the book's link, the row marked notified.
    expect((await setStock(book, 5)).statusCode).toBe(200);
    const mail = await smtp.waitFor(email);
    expect(mail.subject).toBe('Kitab at-Tawhid (English edition) is back in stock');
    expect(mail.text).toContain(`/book/${book.id}`);
    expect(await waiting(book.id)).toHaveLength(0);

    // A second edit (5 → 6) sends nothing more.
    expect((await setStock(book, 6)).statusCode).toBe(200);
    await ctx.app.mailer.idle();
    expect(smtp.inbox.filter((received) => received.to.includes(email))).toHaveLength(1);

    // Once notified, the same reader may ask again the next time it runs out.
    expect((await setStock(book, 0)).statusCode).toBe(200);
    expect((await ask(book.id, { email, language: 'english' })).statusCode).toBe(202);
    expect(await waiting(book.id)).toHaveLength(1);
  });

  it('mails each reader in the language they asked in, and only those waiting for the edition that is back', async () => {
    const book = await createBook(ctx.database.db, {
      name: 'Riyad as-Salihin',
      editions: [
        { language: 'english', stock: 0 },
        { language: 'urdu', stock: 0 },
      ],
    });
    const urduReader = nextEmail();
    const bengaliReader = nextEmail();
    const waitingForUrdu = nextEmail();
    expect(
      (await ask(book.id, { email: urduReader, language: 'english' }, { locale: 'ur' })).statusCode,
    ).toBe(202);
    expect(
      (await ask(book.id, { email: bengaliReader, language: 'english' }, { locale: 'bn' })).statusCode,
    ).toBe(202);
    expect((await ask(book.id, { email: waitingForUrdu, language: 'urdu' })).statusCode).toBe(202);

    expect((await setStock(book, 2, 0)).statusCode).toBe(200);
    const ur = await smtp.waitFor(urduReader);
    expect(ur.subject).toContain('دوبارہ دستیاب ہے');
    expect(mimePart(ur.raw, 'text/plain')).toContain(`/ur/book/${book.id}`);
    const bn = await smtp.waitFor(bengaliReader);
    expect(bn.subject).toContain('আবার স্টকে এসেছে');
    expect(mimePart(bn.raw, 'text/plain')).toContain(`/bn/book/${book.id}`);
    await ctx.app.mailer.idle();
    expect(smtp.inbox.some((mail) => mail.to.includes(waitingForUrdu))).toBe(false);
    expect(await waiting(book.id)).toHaveLength(1);
  });

  it('claims each ask once when two servers (or two edits) notify at the same time', async () => {
    const book = await soldOutBook();
    const emails = [nextEmail(), nextEmail(), nextEmail()];
    for (const email of emails)
      expect((await ask(book.id, { email, language: 'english' })).statusCode).toBe(202);
    await ctx.database.db.execute(
      sql`UPDATE book_editions SET stock = 4 WHERE book_id = ${book.id} AND language = 'english'`,
    );
    const deps = { db: ctx.app.db, mailer: ctx.app.mailer, publicUrl: 'https://shop.example' };
    const claimed = await Promise.all([
      notifyBackInStock(deps, [book.id]),
      notifyBackInStock(deps, [book.id]),
      notifyBackInStock(deps, [book.id]),
    ]);
    expect(claimed.reduce((a, b) => a + b, 0)).toBe(3);
    await ctx.app.mailer.idle();
    for (const email of emails) {
      expect(smtp.inbox.filter((mail) => mail.to.includes(email))).toHaveLength(1);
    }
  });

  it('keeps a notice the mail server refused in the outbox and mails it once the server takes mail, once', async () => {
    const book = await soldOutBook();
    const email = nextEmail();
    expect((await ask(book.id, { email, language: 'english' })).statusCode).toBe(202);
    await ctx.database.db.execute(
      sql`UPDATE book_editions SET stock = 4 WHERE book_id = ${book.id} AND language = 'english'`,
    );
    const deps = { db: ctx.app.db, mailer: ctx.app.mailer, publicUrl: 'https://shop.example' };
    // The mail server refuses every mail for a while (451).
    smtp.refuseAfter(smtp.inbox.length);
    try {
      expect(await notifyBackInStock(deps, [book.id])).toBe(1);
      await ctx.app.mailer.idle();
    } finally {
      smtp.refuseAfter(undefined);
    }
    expect(smtp.inbox.filter((mail) => mail.to.includes(email))).toHaveLength(0);
    // The ask is answered: a next notice does not mail it again; the outbox does, once.
    expect(await notifyBackInStock(deps, [book.id])).toBe(0);
    await ctx.app.mailer.deliverDue(new Date(Date.now() + 60_000));
    expect(smtp.inbox.filter((mail) => mail.to.includes(email))).toHaveLength(1);
    await ctx.app.mailer.deliverDue(new Date(Date.now() + 60 * 60_000));
    expect(smtp.inbox.filter((mail) => mail.to.includes(email))).toHaveLength(1);
    const [kept] = await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email));
    expect(kept).toMatchObject({ kind: 'back-in-stock mail failed', status: 'sent', attempts: 2 });
  });

  it('mails one address at most BACK_IN_STOCK_MAILS_PER_DAY notices a day, however many books it asked about', async () => {
    const email = nextEmail();
    const many = [];
    for (let i = 0; i < BACK_IN_STOCK_MAILS_PER_DAY + 2; i += 1) {
      const book = await soldOutBook();
      // Asked over several hours (the asks of one address an hour are limited by the route).
      await ctx.database.db
        .insert(stockNotifications)
        .values({ bookId: book.id, language: 'english', email, locale: 'en' });
      many.push(book.id);
    }
    await ctx.database.db.execute(
      sql`UPDATE book_editions SET stock = 4 WHERE book_id IN (${sql.join(
        many.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}) AND language = 'english'`,
    );
    const deps = { db: ctx.app.db, mailer: ctx.app.mailer, publicUrl: 'https://shop.example' };
    // Claimed one by one (each restock its own call), as the desk's edits would.
    for (const id of many) await notifyBackInStock(deps, [id]);
    await ctx.app.mailer.idle();
    expect(smtp.inbox.filter((mail) => mail.to.includes(email))).toHaveLength(BACK_IN_STOCK_MAILS_PER_DAY);
  });

  it('mails when a cancelled order gives the last copies back', async () => {
    const book = await createBook(ctx.database.db, {
      name: 'Bulugh al-Maram',
      editions: [{ language: 'english', stock: 2 }],
    });
    const order = await buyAsGuest(ctx, [{ bookId: book.id, quantity: 2 }]);
    const email = nextEmail();
    expect((await ask(book.id, { email, language: 'english' })).statusCode).toBe(202);
    const cancelled = await ctx.app.inject({
      method: 'POST',
      url: `/api/orders/admin/${order._id}/cancel`,
      headers: admin,
      payload: { reason: 'The customer asked' },
    });
    expect(cancelled.statusCode).toBe(200);
    const mail = await smtp.waitFor(email, (received) => received.subject.includes('back in stock'));
    expect(mail.subject).toBe('Bulugh al-Maram (English edition) is back in stock');
    expect(await waiting(book.id)).toHaveLength(0);
  });

  it('mails when a refund by items puts copies back in stock', async () => {
    const book = await createBook(ctx.database.db, {
      name: 'Sahih Muslim',
      editions: [{ language: 'english', stock: 1 }],
    });
    const order = await buyAsGuest(ctx, [{ bookId: book.id, quantity: 1 }]);
    const email = nextEmail();
    expect((await ask(book.id, { email, language: 'english' })).statusCode).toBe(202);
    const refunded = await ctx.app.inject({
      method: 'POST',
      url: `/api/orders/admin/${order._id}/refunds`,
      headers: admin,
      payload: {
        reason: 'Returned in good condition',
        items: [{ orderItemId: (order.items[0] as unknown as { _id: string })._id, quantity: 1, restock: 1 }],
      },
    });
    expect(refunded.statusCode).toBe(201);
    const mail = await smtp.waitFor(email, (received) => received.subject.includes('back in stock'));
    expect(mail.subject).toBe('Sahih Muslim (English edition) is back in stock');
  });

  it('refuses an edition in stock, one not offered, a wrong address and a missing book', async () => {
    const book = await soldOutBook();
    const inStock = await ask(book.id, { email: nextEmail(), language: 'urdu' });
    expect(inStock.statusCode).toBe(400);
    expect(inStock.json()).toMatchObject({ success: false, code: 'IN_STOCK' });
    expect((await ask(book.id, { email: nextEmail(), language: 'hindi' })).json()).toMatchObject({
      code: 'EDITION_NOT_OFFERED',
    });
    const badEmail = await ask(book.id, { email: 'not-an-email', language: 'english' });
    expect(badEmail.statusCode).toBe(400);
    const missing = await ask('0190a1b2-0000-7000-8000-000000000000', {
      email: nextEmail(),
      language: 'english',
    });
    expect(missing.statusCode).toBe(404);
    expect(await waiting(book.id)).toHaveLength(0);
  });

  it('limits the asks per address and per email', async () => {
    const book = await soldOutBook();
    const email = nextEmail();
    for (let i = 0; i < STOCK_NOTIFY_PER_EMAIL_PER_HOUR; i += 1) {
      expect((await ask(book.id, { email, language: 'english' })).statusCode).toBe(202);
    }
    const tooMany = await ask(book.id, { email, language: 'english' });
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });

    const address = '10.78.0.1';
    for (let i = 0; i < STOCK_NOTIFY_PER_IP_PER_HOUR; i += 1) {
      expect((await ask(book.id, { email: nextEmail(), language: 'english' }, { address })).statusCode).toBe(
        202,
      );
    }
    expect((await ask(book.id, { email: nextEmail(), language: 'english' }, { address })).statusCode).toBe(
      429,
    );
  });

  it('a signed-in customer asks like anyone, and cannot edit the stock', async () => {
    const book = await soldOutBook();
    const customer = await createUser(ctx.database.db);
    const headers = await authHeader(ctx, customer);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/books/${book.id}/notify`,
      headers,
      remoteAddress: '10.79.0.1',
      payload: { email: customer.email, language: 'english' },
    });
    expect(res.statusCode).toBe(202);
    const edit = await ctx.app.inject({
      method: 'PUT',
      url: `/api/books/${book.id}`,
      headers,
      payload: { name: 'x', description: 'x', author: 'x', price: 1 },
    });
    expect(edit.statusCode).toBe(403);
  });
});
