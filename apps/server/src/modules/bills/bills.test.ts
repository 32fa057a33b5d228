// @database: bill numbers from counter rows under parallel writes
import { DEFAULT_SITE_SETTINGS } from '@scholar/shared';
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { billCounters, bills, orders } from '../../db/schema';
import { authHeader } from '../../../test/support/app';
import { createBook, createOrder, createUser } from '../../../test/support/factories';
import { buyAsGuest, guestBuyer } from '../../../test/support/purchase';
import { useTestApp } from '../../../test/support/use-test-app';
import { getOrder } from '../orders/orders.service';
import { BILL_PDF_LIMITS, billNumber, financialYearOf, issueBill, renderBill } from './bills.service';

const { ctx, smtp } = useTestApp({ smtp: true });
const db = () => ctx.database.db;

beforeEach(async () => {
  // Orders (and their bills, by the cascade) are emptied before each test; the counters are this file's to empty.
  await db().delete(billCounters);
});

/** The bills' numbers in the order of their sequence. */
const numbers = async () =>
  (await db().select().from(bills)).map((bill) => bill.number).sort((a, b) => a.localeCompare(b));

/** `%PDF-`, and the bill's number in the document's title (its text is glyphs of embedded fonts). */
function expectBillPdf(body: Buffer, number: string) {
  expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(body.toString('latin1')).toContain(`(Bill of Supply ${number})`);
}

describe('financial years', () => {
  it('runs April to March in India time', () => {
    expect(financialYearOf(new Date('2027-03-31T23:59:00+05:30'))).toBe('2026-27');
    expect(financialYearOf(new Date('2027-04-01T00:00:00+05:30'))).toBe('2027-28');
    // 1 April 00:00 in India is still 31 March in UTC.
    expect(financialYearOf(new Date('2027-03-31T18:30:00Z'))).toBe('2027-28');
    expect(financialYearOf(new Date('2099-12-31T12:00:00+05:30'))).toBe('2099-00');
    expect(billNumber('2026-27', 42)).toBe('BOS/2026-27/000042');
  });

  it('numbers each year from 1, at the boundary of 31 March 23:59 and 1 April 00:00 IST', async () => {
    const [a, b, c] = await Promise.all([createOrder(db()), createOrder(db()), createOrder(db())]);
    const march = await db().transaction((tx) => issueBill(tx, a.id, new Date('2027-03-31T23:59:00+05:30')));
    const april = await db().transaction((tx) => issueBill(tx, b.id, new Date('2027-04-01T00:00:00+05:30')));
    const next = await db().transaction((tx) => issueBill(tx, c.id, new Date('2027-04-01T00:01:00+05:30')));
    expect([march.number, april.number, next.number]).toEqual([
      'BOS/2026-27/000001',
      'BOS/2027-28/000001',
      'BOS/2027-28/000002',
    ]);
    expect(march.financialYear).toBe('2026-27');
  });
});

describe('issueBill', () => {
  it('gives 30 bills written at once the numbers 1 to 30, none twice and none missing', async () => {
    const made = await Promise.all(Array.from({ length: 30 }, () => createOrder(db())));
    const at = new Date('2026-11-27T10:00:00+05:30');
    const issued = await Promise.all(
      made.map((order) => db().transaction((tx) => issueBill(tx, order.id, at))),
    );
    expect(issued.map((bill) => bill.seq).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 30 }, (_, i) => i + 1),
    );
    expect(new Set(issued.map((bill) => bill.orderId)).size).toBe(30);
    expect(await numbers()).toEqual(Array.from({ length: 30 }, (_, i) => billNumber('2026-27', i + 1)));
    const [counter] = await db().select().from(billCounters).where(eq(billCounters.financialYear, '2026-27'));
    expect(counter?.last).toBe(30);
  });

  it('gives the number of a rolled-back transaction to the next bill', async () => {
    const [first, lost, second] = await Promise.all([
      createOrder(db()),
      createOrder(db()),
      createOrder(db()),
    ]);
    const at = new Date('2026-11-27T10:00:00+05:30');
    await db().transaction((tx) => issueBill(tx, first.id, at));
    await expect(
      db().transaction(async (tx) => {
        const bill = await issueBill(tx, lost.id, at);
        expect(bill.seq).toBe(2);
        throw new Error('the order was not saved after all');
      }),
    ).rejects.toThrow('not saved');
    const next = await db().transaction((tx) => issueBill(tx, second.id, at));
    expect(next.number).toBe('BOS/2026-27/000002');
    expect(await numbers()).toEqual(['BOS/2026-27/000001', 'BOS/2026-27/000002']);
  });

  it('writes one bill per order: a second call, even at the same time, answers the first bill', async () => {
    const order = await createOrder(db());
    const other = await createOrder(db());
    const [one, two] = await Promise.all([
      db().transaction((tx) => issueBill(tx, order.id)),
      db().transaction((tx) => issueBill(tx, order.id)),
    ]);
    expect(two).toEqual(one);
    const again = await db().transaction((tx) => issueBill(tx, order.id));
    expect(again.number).toBe(one.number);
    // No number was spent on the calls that found the bill: the next order's bill is number 2.
    expect((await db().transaction((tx) => issueBill(tx, other.id))).seq).toBe(2);
  });

  it('keeps the seller the settings named when it was issued', async () => {
    const admin = await createUser(db(), { role: 'admin' });
    const current = DEFAULT_SITE_SETTINGS;
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: await authHeader(ctx, admin),
      payload: {
        ...current,
        seller: {
          name: 'Darul Ilm Publications LLP',
          address: ['22 Elliot Road', 'Kolkata, West Bengal 700016'],
          gstin: '19aaacd1234f1z5',
          pan: 'aaacd1234f',
          state: 'West Bengal',
        },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const order = await createOrder(db());
    const bill = await db().transaction((tx) => issueBill(tx, order.id));
    expect(bill.seller).toEqual({
      name: 'Darul Ilm Publications LLP',
      address: ['22 Elliot Road', 'Kolkata, West Bengal 700016'],
      gstin: '19AAACD1234F1Z5',
      pan: 'AAACD1234F',
      state: 'West Bengal',
    });
    const refused = await ctx.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: await authHeader(ctx, admin),
      payload: { ...current, seller: { ...current.seller, pan: 'ABC' } },
    });
    expect(refused.statusCode).toBe(400);
  });
});

describe('bills of paid orders', () => {
  it('writes a bill with each of 30 card orders paid at once through the payment path, numbered 1 to 30', async () => {
    const book = await createBook(db(), { stock: 50, price: 300 });
    const bought = await Promise.all(
      Array.from({ length: 30 }, () => buyAsGuest(ctx, [{ bookId: book.id, quantity: 1 }])),
    );
    const rows = await db().select().from(bills);
    expect(rows.map((bill) => bill.orderId).sort()).toEqual(bought.map((order) => order._id).sort());
    const year = financialYearOf(new Date());
    expect(rows.map((bill) => bill.seq).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 30 }, (_, i) => i + 1),
    );
    expect(rows.every((bill) => bill.number === billNumber(year, bill.seq))).toBe(true);
  });

  it('attaches the bill to the confirmation mail as a PDF named by its number', async () => {
    const book = await createBook(db(), { stock: 5, price: 300 });
    const order = await buyAsGuest(ctx, [{ bookId: book.id, quantity: 2 }]);
    const [bill] = await db().select().from(bills).where(eq(bills.orderId, order._id));
    const fileName = `${bill!.number.replace(/\//g, '-')}.pdf`;
    // This order's mail: the mails of the test before may still arrive, to the same guest.
    const mail = await smtp.waitFor(guestBuyer.email, (each) => each.raw.includes(fileName), 20_000);
    expect(mail.raw).toMatch(/Content-Type: application\/pdf/i);
    expect(mail.raw).toContain(fileName);
    const part = mail.raw
      .split(fileName)
      .at(-1)!
      .split(/\r?\n\r?\n/)[1]!
      .split('--')[0]!;
    expectBillPdf(Buffer.from(part.replace(/\s+/g, ''), 'base64'), bill!.number);
  });
});

describe('bill downloads', () => {
  async function billedOrder(userId: string | null) {
    const order = await createOrder(db(), {
      userId,
      contactName: 'محمد علی',
      items: [
        { name: 'ریاض الصالحین', author: 'امام نووی', price: 450, quantity: 1, selectedLanguage: 'urdu' },
        { name: 'সহীহ বুখারী', author: 'ইমাম বুখারী', price: 1200, quantity: 2, selectedLanguage: 'bengali' },
      ],
    });
    const bill = await db().transaction((tx) => issueBill(tx, order.id));
    return { order, bill };
  }

  it("gives a customer their own order's bill as a PDF download named by its number", async () => {
    const customer = await createUser(db());
    const { order, bill } = await billedOrder(customer.id);
    const res = await ctx.app.inject({
      url: `/api/bills/orders/${order.id}`,
      headers: await authHeader(ctx, customer),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${bill.number.replace(/\//g, '-')}.pdf"`,
    );
    expect(res.headers['cache-control']).toContain('no-store');
    expectBillPdf(res.rawPayload, bill.number);
    // The Urdu and Bengali names are drawn in the embedded Noto fonts, not a standard font without their letters.
    const text = res.rawPayload.toString('latin1');
    expect(text).toMatch(/NotoNaskhArabic/);
    expect(text).toMatch(/NotoSansBengali/);
    expect(text).not.toMatch(/\/BaseFont \/Helvetica/);
  });

  it("answers 404 for another customer's order, 401 without a session, 404 before a bill exists", async () => {
    const owner = await createUser(db());
    const stranger = await createUser(db());
    const { order } = await billedOrder(owner.id);
    const other = await ctx.app.inject({
      url: `/api/bills/orders/${order.id}`,
      headers: await authHeader(ctx, stranger),
    });
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('%PDF');
    expect((await ctx.app.inject({ url: `/api/bills/orders/${order.id}` })).statusCode).toBe(401);
    const unbilled = await createOrder(db(), { userId: owner.id });
    const none = await ctx.app.inject({
      url: `/api/bills/orders/${unbilled.id}`,
      headers: await authHeader(ctx, owner),
    });
    expect(none.statusCode).toBe(404);
    expect(none.json().code).toBe('BILL_NOT_FOUND');
  });

  it('gives the orders desk any bill, and refuses customers and the scholars', async () => {
    const { order, bill } = await billedOrder(null);
    const url = `/api/bills/admin/orders/${order.id}`;
    for (const role of ['shop', 'admin'] as const) {
      const res = await ctx.app.inject({
        url,
        headers: await authHeader(ctx, await createUser(db(), { role })),
      });
      expect(res.statusCode, role).toBe(200);
      expectBillPdf(res.rawPayload, bill.number);
    }
    for (const role of ['scholar', 'user'] as const) {
      const res = await ctx.app.inject({
        url,
        headers: await authHeader(ctx, await createUser(db(), { role })),
      });
      expect(res.statusCode, role).toBe(403);
    }
    expect((await ctx.app.inject({ url })).statusCode).toBe(401);
  });

  it('renders a few bills of one client at a time and refuses the rest at once', async () => {
    const { order, bill } = await billedOrder(null);
    const full = await getOrder(db(), order.id);
    const answers = await Promise.allSettled(
      Array.from({ length: 8 }, () => renderBill(bill, full, '203.0.113.9')),
    );
    const made = answers.filter((answer) => answer.status === 'fulfilled');
    const refused = answers.filter((answer) => answer.status === 'rejected');
    expect(made).toHaveLength(BILL_PDF_LIMITS.perClient);
    expect(refused.map((answer) => answer.reason.statusCode)).toEqual(
      Array(8 - BILL_PDF_LIMITS.perClient).fill(429),
    );
    // Another client is served meanwhile, and the first one again once its bills are done.
    expectBillPdf((await renderBill(bill, full, '203.0.113.10')).pdf, bill.number);
    expectBillPdf((await renderBill(bill, full, '203.0.113.9')).pdf, bill.number);
  });
});

describe('the order row stays as the bill found it', () => {
  it('keeps the bill when the order is read again (bills are never rewritten)', async () => {
    const order = await createOrder(db());
    const bill = await db().transaction((tx) => issueBill(tx, order.id));
    await db().update(orders).set({ contactName: 'Changed' }).where(eq(orders.id, order.id));
    const [row] = await queryRows<{ number: string }>(
      db(),
      sql`SELECT number FROM bills WHERE order_id = ${order.id}`,
    );
    expect(row?.number).toBe(bill.number);
  });
});
