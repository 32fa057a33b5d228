// @database: stock and orders under parallel writes
import { brotliDecompressSync } from 'node:zlib';
import type { PGlite } from '@electric-sql/pglite';
import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { beforeEach, describe, expect, it } from 'vitest';
import { queryRows, type Db } from '../../db/client';
import { createOrder, createUser } from '../../../test/support/factories';
import * as schema from '../../db/schema';
import { orders } from '../../db/schema';
import { authHeader } from '../../../test/support/app';
import { truncateAll } from '../../../test/support/database';
import { neutralise } from './orders-csv';
import { listOrders, type OrderFilter } from './orders.repository';
import { signInAdmin, useTestApp } from '../../../test/support/use-test-app';

let adminHeaders: Record<string, string>;

const { ctx, smtp } = useTestApp({ smtp: true });
beforeEach(async () => {
  adminHeaders = await signInAdmin(ctx);
});

const day = (iso: string) => new Date(iso);

/** An admin's change to an order's fulfillment. */
const patchFulfillment = (orderId: string, payload: object) =>
  ctx.app.inject({
    method: 'PATCH',
    url: `/api/orders/admin/${orderId}/fulfillment`,
    headers: adminHeaders,
    payload,
  });

describe("the customer's orders", () => {
  it('lists only their own orders, newest first, 10 a page', async () => {
    const me = await createUser(ctx.database.db);
    const other = await createUser(ctx.database.db);
    for (let i = 0; i < 12; i += 1) {
      await createOrder(ctx.database.db, {
        userId: me.id,
        createdAt: day(`2026-10-${String(i + 1).padStart(2, '0')}T10:00:00Z`),
      });
    }
    await createOrder(ctx.database.db, { userId: other.id });
    const headers = await authHeader(ctx, me);
    const first = await ctx.app.inject({ url: `/api/orders/${me.id}`, headers });
    expect(first.statusCode).toBe(200);
    const { orders: list, pagination } = first.json().data;
    expect(list).toHaveLength(10);
    expect(list[0].createdAt).toBe('2026-10-12T10:00:00.000Z');
    expect(pagination).toEqual({
      currentPage: 1,
      totalPages: 2,
      totalOrders: 12,
      hasNextPage: true,
      hasPrevPage: false,
    });
    const second = await ctx.app.inject({ url: `/api/orders/${me.id}?page=2`, headers });
    expect(second.json().data.orders).toHaveLength(2);
    expect((await ctx.app.inject({ url: `/api/orders/${other.id}`, headers })).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: `/api/orders/${me.id}` })).statusCode).toBe(401);
  });

  it("lets an admin read any customer's orders", async () => {
    const customer = await createUser(ctx.database.db);
    const mine = await createOrder(ctx.database.db, { userId: customer.id });
    await createOrder(ctx.database.db, { userId: (await createUser(ctx.database.db)).id });
    const res = await ctx.app.inject({ url: `/api/orders/${customer.id}`, headers: adminHeaders });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.orders.map((o: { _id: string }) => o._id)).toEqual([mine.id]);
    expect(res.json().data.pagination.totalOrders).toBe(1);
  });
});

describe("one of the customer's orders", () => {
  it('answers the owner and an admin, and 404 for anyone else, as for an order that does not exist', async () => {
    const me = await createUser(ctx.database.db);
    const other = await createUser(ctx.database.db);
    const mine = await createOrder(ctx.database.db, {
      userId: me.id,
      items: [{ name: 'Sahih Muslim', price: 475, quantity: 2, selectedLanguage: 'urdu' }],
    });
    const theirs = await createOrder(ctx.database.db, { userId: other.id });
    const guests = await createOrder(ctx.database.db);
    const headers = await authHeader(ctx, me);

    const own = await ctx.app.inject({ url: `/api/orders/${me.id}/${mine.id}`, headers });
    expect(own.statusCode).toBe(200);
    expect(own.json().data.order).toMatchObject({
      _id: mine.id,
      subtotal: 950,
      items: [{ name: 'Sahih Muslim', quantity: 2, price: 475, selectedLanguage: 'urdu' }],
    });

    // Someone else's order, a guest's order and an unknown id all read as missing, never as forbidden.
    const missing = '0190b0a0-0000-7000-8000-000000000000';
    for (const id of [theirs.id, guests.id, missing]) {
      const res = await ctx.app.inject({ url: `/api/orders/${me.id}/${id}`, headers });
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ success: false, error: 'Order not found', code: 'ORDER_NOT_FOUND' });
    }
    // Asking under another customer's id is refused before any order is looked at, as for their list.
    const underOther = await ctx.app.inject({ url: `/api/orders/${other.id}/${theirs.id}`, headers });
    expect(underOther.statusCode).toBe(403);
    expect((await ctx.app.inject({ url: `/api/orders/${me.id}/${mine.id}` })).statusCode).toBe(401);
    expect((await ctx.app.inject({ url: `/api/orders/${me.id}/not-an-id`, headers })).statusCode).toBe(400);

    const asAdmin = await ctx.app.inject({ url: `/api/orders/${me.id}/${mine.id}`, headers: adminHeaders });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json().data.order._id).toBe(mine.id);
  });
});

describe('the admin order desk', () => {
  it('refuses guests and customers on every admin route', async () => {
    const order = await createOrder(ctx.database.db);
    const user = await authHeader(ctx, await createUser(ctx.database.db));
    const calls = [
      { method: 'GET' as const, url: '/api/orders/admin/all' },
      { method: 'GET' as const, url: '/api/orders/admin/export-csv' },
      { method: 'GET' as const, url: `/api/orders/admin/${order.id}` },
      {
        method: 'PATCH' as const,
        url: `/api/orders/admin/${order.id}/status`,
        payload: { status: 'shipped' },
      },
      {
        method: 'PATCH' as const,
        url: `/api/orders/admin/${order.id}/fulfillment`,
        payload: { status: 'shipped' },
      },
    ];
    for (const call of calls) {
      expect((await ctx.app.inject(call)).statusCode, call.url).toBe(401);
      expect((await ctx.app.inject({ ...call, headers: user })).statusCode, call.url).toBe(403);
    }
    const [row] = await ctx.database.db.select().from(orders);
    expect(row?.status).toBe('pending');
  });

  it('filters by status and dates (India time), paginates, and gives stats over the date range', async () => {
    const placed = [
      { status: 'pending', at: '2026-11-01T05:00:00Z', item: { name: 'A', price: 100, quantity: 1 } },
      { status: 'delivered', at: '2026-11-02T05:00:00Z', item: { name: 'B', price: 200, quantity: 2 } },
      { status: 'RTO', at: '2026-11-03T05:00:00Z', item: { name: 'C', price: 300, quantity: 1 } },
      // 20:00 UTC on 3 November is already 4 November in India.
      { status: 'pending', at: '2026-11-03T20:00:00Z', item: { name: 'D', price: 50, quantity: 1 } },
    ] as const;
    for (const { status, at, item } of placed) {
      await createOrder(ctx.database.db, { status, createdAt: day(at), items: [item] });
    }

    const all = (await ctx.app.inject({ url: '/api/orders/admin/all', headers: adminHeaders })).json().data;
    expect(all.pagination).toEqual({
      currentPage: 1,
      totalPages: 1,
      totalOrders: 4,
      hasNextPage: false,
      hasPrevPage: false,
    });
    // Revenue leaves the RTO order out: (100+50) + (400+50) + (50+50) = 700.
    expect(all.stats).toMatchObject({
      totalOrders: 4,
      totalRevenue: 700,
      ordersByStatus: { pending: 2, delivered: 1, RTO: 1, shipped: 0 },
    });
    expect(all.stats.revenueByDay).toHaveLength(30);

    const pending = (
      await ctx.app.inject({ url: '/api/orders/admin/all?status=pending', headers: adminHeaders })
    ).json().data;
    expect(pending.orders.map((o: { items: { name: string }[] }) => o.items[0]!.name)).toEqual(['D', 'A']);
    expect(pending.stats.totalOrders).toBe(4);

    const range = (
      await ctx.app.inject({
        url: '/api/orders/admin/all?startDate=2026-11-02&endDate=2026-11-03',
        headers: adminHeaders,
      })
    ).json().data;
    expect(range.orders.map((o: { items: { name: string }[] }) => o.items[0]!.name)).toEqual(['C', 'B']);
    expect(range.stats.totalOrders).toBe(2);

    expect(
      (await ctx.app.inject({ url: '/api/orders/admin/all?status=lost', headers: adminHeaders })).statusCode,
    ).toBe(400);
    expect(
      (await ctx.app.inject({ url: '/api/orders/admin/all?startDate=2026-13-45', headers: adminHeaders }))
        .statusCode,
    ).toBe(400);
    expect(
      (await ctx.app.inject({ url: '/api/orders/admin/all?page=0', headers: adminHeaders })).statusCode,
    ).toBe(400);
  });

  it('pages 10 at a time', async () => {
    for (let i = 0; i < 23; i += 1)
      await createOrder(ctx.database.db, { createdAt: new Date(Date.UTC(2026, 9, 1, 0, i)) });
    const page3 = (
      await ctx.app.inject({ url: '/api/orders/admin/all?page=3', headers: adminHeaders })
    ).json().data;
    expect(page3.orders).toHaveLength(3);
    expect(page3.pagination).toEqual({
      currentPage: 3,
      totalPages: 3,
      totalOrders: 23,
      hasNextPage: false,
      hasPrevPage: true,
    });
  });

  describe('search across every order', () => {
    type Listed = { orderNumber: string; contactDetails: { name: string } };
    const list = async (query: string) => {
      const res = await ctx.app.inject({ url: `/api/orders/admin/all?${query}`, headers: adminHeaders });
      expect(res.statusCode, query).toBe(200);
      return res.json().data as {
        orders: Listed[];
        pagination: { currentPage: number; totalPages: number; totalOrders: number; hasNextPage: boolean };
        stats: { totalOrders: number };
      };
    };
    const setContact = (id: string, values: Partial<typeof orders.$inferInsert>) =>
      ctx.database.db.update(orders).set(values).where(eq(orders.id, id));

    it('finds an order on page 4 by number, name, email and phone, in any case and by part', async () => {
      const oldest = await createOrder(ctx.database.db, { createdAt: new Date(Date.UTC(2026, 8, 1)) });
      await setContact(oldest.id, {
        orderNumber: 'ORD-20260901-7KQ3ZP',
        contactName: 'Zainab Rahmatullah',
        contactEmail: 'zainab.r@mail.example',
        contactPhone: '9123456780',
      });
      for (let i = 0; i < 35; i += 1)
        await createOrder(ctx.database.db, { createdAt: new Date(Date.UTC(2026, 9, 1, 0, i)) });
      // Without a search the order is the last one of page 4.
      const page4 = await list('page=4');
      expect(page4.orders.at(-1)?.orderNumber).toBe('ORD-20260901-7KQ3ZP');
      expect((await list('page=1')).orders.map((o) => o.orderNumber)).not.toContain('ORD-20260901-7KQ3ZP');

      for (const term of [
        '7kq3zp',
        'ORD-20260901',
        'rahmatULLAH',
        'Zainab R',
        'ZAINAB.R@MAIL',
        '91234567',
        '  6780 ',
      ]) {
        const found = await list(`search=${encodeURIComponent(term)}`);
        expect(
          found.orders.map((o) => o.orderNumber),
          term,
        ).toEqual(['ORD-20260901-7KQ3ZP']);
        expect(found.pagination, term).toEqual({
          currentPage: 1,
          totalPages: 1,
          totalOrders: 1,
          hasNextPage: false,
          hasPrevPage: false,
        });
        // The stat cards still count every order of the date range.
        expect(found.stats.totalOrders, term).toBe(36);
      }
      const none = await list('search=nobody-ordered-this');
      expect(none.orders).toEqual([]);
      expect(none.pagination.totalOrders).toBe(0);
      // Blank is no search.
      expect((await list('search=%20%20')).pagination.totalOrders).toBe(36);
    });

    it('combines with the status and date filters and counts the pages of what it finds', async () => {
      const made = [];
      for (let i = 0; i < 25; i += 1)
        made.push(
          await createOrder(ctx.database.db, {
            contactName: i % 2 === 0 ? `Fatima Begum ${i}` : `Omar Siddiqui ${i}`,
            status: i < 6 ? 'shipped' : 'pending',
            createdAt: new Date(Date.UTC(2026, 9, 1 + i, 6)),
          }),
        );
      // 13 Fatimas (even i), of which 3 shipped (i = 0, 2, 4).
      const fatimas = await list('search=fatima');
      expect(fatimas.pagination).toEqual({
        currentPage: 1,
        totalPages: 2,
        totalOrders: 13,
        hasNextPage: true,
        hasPrevPage: false,
      });
      const second = await list('search=fatima&page=2');
      expect(second.orders).toHaveLength(3);
      expect(second.orders.every((o) => o.contactDetails.name.startsWith('Fatima'))).toBe(true);
      expect(second.pagination).toMatchObject({ currentPage: 2, totalOrders: 13, hasNextPage: false });

      const shipped = await list('search=FATIMA&status=shipped');
      expect(shipped.orders.map((o) => o.contactDetails.name)).toEqual([
        'Fatima Begum 4',
        'Fatima Begum 2',
        'Fatima Begum 0',
      ]);
      expect(shipped.pagination).toMatchObject({ totalPages: 1, totalOrders: 3 });
      expect((await list('search=fatima&status=delivered')).pagination.totalOrders).toBe(0);
      // 2 to 11 October (India time): i = 1..10, Fatimas at 2, 4, 6, 8, 10.
      const dated = await list('search=fatima&startDate=2026-10-02&endDate=2026-10-11');
      expect(dated.orders.map((o) => o.contactDetails.name)).toEqual(
        [10, 8, 6, 4, 2].map((i) => `Fatima Begum ${i}`),
      );
      expect(dated.pagination.totalOrders).toBe(5);
      expect(made).toHaveLength(25);
    });

    it('matches % and _ and \\ as themselves, not as wildcards', async () => {
      const percent = await createOrder(ctx.database.db, { contactName: 'Hundred% Books Club' });
      const underscore = await createOrder(ctx.database.db, { contactEmail: 'abu_bakr@example.com' });
      const backslash = await createOrder(ctx.database.db, { contactName: 'Back\\slash Traders' });
      await createOrder(ctx.database.db, {
        contactName: 'Hundred Books Club',
        contactEmail: 'abuxbakr@example.com',
      });
      await createOrder(ctx.database.db, { contactName: 'Backslash Traders' });
      const names = async (term: string) =>
        (await list(`search=${encodeURIComponent(term)}`)).orders.map((o) => o.contactDetails.name);
      expect(await names('%')).toEqual([percent.contactName]);
      expect(await names('d% b')).toEqual([percent.contactName]);
      expect(await names('_')).toEqual([underscore.contactName]);
      expect(await names('abu_bakr')).toEqual([underscore.contactName]);
      expect(await names('\\')).toEqual([backslash.contactName]);
      expect(await names('k\\s')).toEqual([backslash.contactName]);
      expect((await list('search=%25%25')).pagination.totalOrders).toBe(0);
    });

    it('reads the page and its total through the trigram index among thousands of orders', async () => {
      const driver = () => (ctx.database.db as unknown as { $client: PGlite | pg.Pool }).$client;
      // Every statement the repository sends, as it sends them (a logging Drizzle on the same driver).
      const statementsOf = async (filter: OrderFilter) => {
        const statements: { text: string; params: unknown[] }[] = [];
        const logger = {
          logQuery: (text: string, params: unknown[]) => void statements.push({ text, params }),
        };
        const db = (ctx.database.kind === 'pglite'
          ? drizzlePglite(driver() as PGlite, { schema, logger })
          : drizzlePg(driver() as pg.Pool, { schema, logger })) as unknown as Db;
        const { rows, total } = await listOrders(db, filter, 1, 10);
        return { rows, total, statements };
      };
      await ctx.database.db.execute(
        sql.raw(`INSERT INTO orders (id, order_number, txn_id, razorpay_order_id, status, subtotal_paise, shipping_paise,
            amount_paise, contact_name, contact_email, contact_phone, shipping_address, created_at, updated_at)
          SELECT gen_random_uuid(), 'ORD-2026' || lpad(g::text, 6, '0'), 'pay_plan' || g, 'order_plan' || g, 'pending', 25000, 5000, 30000,
            'Customer ' || g, 'customer' || g || '@example.com', '98' || lpad((g * 7919 % 100000000)::text, 8, '0'),
            '{"addressLine1":"1 Road","city":"Pune","state":"Maharashtra","pincode":"411001"}'::jsonb,
            now() - g * interval '1 minute', now()
          FROM generate_series(1, 5000) g`),
      );
      const wanted = await createOrder(ctx.database.db, { contactName: 'Maryam Quadri' });
      await ctx.database.db.execute(sql.raw('VACUUM ANALYZE orders'));

      const { rows, total, statements } = await statementsOf({ search: 'quadri' });
      expect(rows.map((r) => r.id)).toEqual([wanted.id]);
      expect(total).toBe(1);
      const searches = statements.filter((s) => s.text.includes(' LIKE '));
      expect(searches).toHaveLength(2); // the page and its total
      for (const statement of searches) {
        const result = await (driver() as PGlite).query<{ 'QUERY PLAN': string }>(
          `EXPLAIN ${statement.text}`,
          statement.params,
        );
        const text = result.rows.map((row) => row['QUERY PLAN']).join('\n');
        expect(text, statement.text).toContain('orders_search_trgm_idx');
        expect(text, statement.text).not.toMatch(/Seq Scan on orders\b/);
      }
    });

    it('refuses a search longer than 100 characters', async () => {
      const res = await ctx.app.inject({
        url: `/api/orders/admin/all?search=${'a'.repeat(101)}`,
        headers: adminHeaders,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
      expect(JSON.stringify(res.json().details)).toContain('Search for at most 100 characters');
    });
  });

  it('keeps the per-day totals equal to the orders through inserts, status changes, edits and deletes', async () => {
    // Instants on both sides of midnight in India (18:30 UTC), with every status.
    const statuses = ['pending', 'shipped', 'delivered', 'RTO'] as const;
    const created = [];
    for (let i = 0; i < 24; i += 1) {
      const minutes = [-1, 0, 1, 600][i % 4]!;
      created.push(
        await createOrder(ctx.database.db, {
          status: statuses[i % 4],
          createdAt: new Date(Date.UTC(2026, 9, 10 + (i % 3), 18, 30) + minutes * 60_000),
          items: [{ name: `Book ${i}`, price: 100 + i, quantity: 1 + (i % 3) }],
        }),
      );
    }
    for (const order of created.slice(0, 6)) {
      const res = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/orders/admin/${order.id}/status`,
        headers: adminHeaders,
        // A returned parcel is sent again; every other order is delivered (or stays so).
        payload: { status: order.status === 'RTO' ? 'shipped' : 'delivered' },
      });
      expect(res.statusCode).toBe(200);
    }
    await ctx.database.db
      .update(orders)
      .set({ amountPaise: 99_900, createdAt: new Date('2026-10-20T18:29:59Z') })
      .where(eq(orders.id, created[7]!.id));
    await ctx.database.db.delete(orders).where(eq(orders.id, created[8]!.id));

    const direct = await queryRows(
      ctx.database.db,
      sql.raw(`SELECT to_char((created_at AT TIME ZONE 'Asia/Kolkata')::date, 'YYYY-MM-DD') AS day, status::text,
          count(*)::int AS orders, sum(amount_paise)::int AS amount FROM orders GROUP BY 1, 2 ORDER BY 1, 2`),
    );
    const kept = await queryRows(
      ctx.database.db,
      sql.raw(`SELECT to_char(day, 'YYYY-MM-DD') AS day, status::text, orders, amount_paise::int AS amount
          FROM order_day_stats WHERE orders <> 0 ORDER BY 1, 2`),
    );
    expect(kept).toEqual(direct);
    expect(direct.length).toBeGreaterThan(8);

    // The API's stats and totals for a range agree with a count over the orders themselves.
    const res = await ctx.app.inject({
      url: '/api/orders/admin/all?startDate=2026-10-11&endDate=2026-10-12&status=delivered',
      headers: adminHeaders,
    });
    const { stats, pagination } = res.json().data;
    const [expected] = await queryRows<{ n: number; delivered: number; revenue: number }>(
      ctx.database.db,
      sql.raw(`SELECT count(*)::int AS n, count(*) FILTER (WHERE status = 'delivered')::int AS delivered,
          coalesce(sum(amount_paise) FILTER (WHERE status <> 'RTO'), 0)::int AS revenue FROM orders
          WHERE (created_at AT TIME ZONE 'Asia/Kolkata')::date BETWEEN '2026-10-11' AND '2026-10-12'`),
    );
    expect(stats.totalOrders).toBe(expected!.n);
    expect(stats.ordersByStatus.delivered).toBe(expected!.delivered);
    expect(stats.totalRevenue).toBe(expected!.revenue / 100);
    expect(pagination.totalOrders).toBe(expected!.delivered);

    await truncateAll(ctx.database);
    // Emptying the tables ended the admin's session too.
    adminHeaders = await signInAdmin(ctx);
    const empty = await ctx.app.inject({ url: '/api/orders/admin/all', headers: adminHeaders });
    expect(empty.json().data.stats.totalOrders).toBe(0);
  });

  it('one order, 404 for an unknown one', async () => {
    const order = await createOrder(ctx.database.db, { contactName: 'Zaid' });
    const one = await ctx.app.inject({ url: `/api/orders/admin/${order.id}`, headers: adminHeaders });
    expect(one.json().data.order).toMatchObject({ _id: order.id, contactDetails: { name: 'Zaid' } });
    const missing = await ctx.app.inject({
      url: '/api/orders/admin/0190b0a0-0000-7000-8000-000000000000',
      headers: adminHeaders,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('Order not found');
  });

  it('fulfillment: tracking and status, shippedAt and deliveredAt set once, mails to the customer', async () => {
    const order = await createOrder(ctx.database.db, { contactEmail: 'buyer@example.com' });
    const patch = (payload: object) => patchFulfillment(order.id, payload);

    const shipped = await patch({
      status: 'shipped',
      trackingNumber: 'BD123456789IN',
      shippingProvider: 'Blue Dart',
      trackingUrl: 'https://www.bluedart.com/track?n=BD123456789IN',
      estimatedDelivery: '2026-11-30',
      notes: 'Fragile',
    });
    expect(shipped.statusCode).toBe(200);
    const f = shipped.json().data.order.fulfillment;
    expect(f).toMatchObject({
      trackingNumber: 'BD123456789IN',
      shippingProvider: 'Blue Dart',
      estimatedDelivery: '2026-11-30',
      notes: 'Fragile',
    });
    expect(f.shippedAt).toBeTruthy();
    const mail = await smtp.waitFor('buyer@example.com');
    expect(mail.subject).toContain('is on its way');
    expect(mail.text).toContain('Blue Dart');
    expect(mail.text).toContain('BD123456789IN');
    expect(mail.text).toContain('https://www.bluedart.com/track?n=BD123456789IN');

    // Saved again with its status (as the desk's editor saves), or sent again after a return: the first shippedAt.
    const again = await patch({ status: 'shipped', notes: 'Fragile, two parcels' });
    expect(again.json().data.order.fulfillment.shippedAt).toBe(f.shippedAt);
    expect((await patch({ status: 'RTO' })).statusCode).toBe(200);
    const resent = await patch({ status: 'shipped' });
    expect(resent.json().data.order).toMatchObject({
      status: 'shipped',
      fulfillment: { shippedAt: f.shippedAt },
    });

    const delivered = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/orders/admin/${order.id}/status`,
      headers: adminHeaders,
      payload: { status: 'delivered' },
    });
    expect(delivered.json().data.order).toMatchObject({ status: 'delivered' });
    expect(delivered.json().data.order.fulfillment.deliveredAt).toBeTruthy();
    // Every mail the requests asked for has gone (or failed): no further one can arrive.
    await ctx.app.mailer.idle();
    const subjects = smtp.inbox.filter((m) => m.to.includes('buyer@example.com')).map((m) => m.subject);
    expect(subjects.filter((s) => s.includes('on its way'))).toHaveLength(1);
    expect(subjects.filter((s) => s.includes('delivered'))).toHaveLength(1);

    // Clearing a field with an empty string.
    const cleared = await patch({ notes: '' });
    expect(cleared.json().data.order.fulfillment.notes).toBeNull();
  });

  it('sends one "on its way" mail when two admins mark the order shipped at the same moment', async () => {
    const order = await createOrder(ctx.database.db, { contactEmail: 'twice@example.com' });
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        ctx.app.inject({
          method: 'PATCH',
          url: `/api/orders/admin/${order.id}/status`,
          headers: adminHeaders,
          payload: { status: 'shipped' },
        }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    await smtp.waitFor('twice@example.com');
    // Every mail the requests asked for has gone (or failed): no further one can arrive.
    await ctx.app.mailer.idle();
    expect(smtp.inbox.filter((m) => m.to.includes('twice@example.com'))).toHaveLength(1);
  });

  it('sets deliveredAt once: a second delivery keeps the first, and a delivered order does not go back', async () => {
    const order = await createOrder(ctx.database.db, { contactEmail: 'reader@example.com' });
    const setStatus = async (status: string) => {
      const res = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/orders/admin/${order.id}/status`,
        headers: adminHeaders,
        payload: { status },
      });
      expect(res.statusCode).toBe(200);
      // Each change lands in a later millisecond, so a timestamp set again would differ.
      await new Promise((r) => setTimeout(r, 10));
      return res.json().data.order as { status: string; fulfillment: { deliveredAt: string | null } };
    };

    expect((await setStatus('shipped')).fulfillment.deliveredAt).toBeNull();
    const first = (await setStatus('delivered')).fulfillment.deliveredAt;
    expect(first).toBeTruthy();
    expect((await setStatus('delivered')).fulfillment.deliveredAt).toBe(first);
    const back = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/orders/admin/${order.id}/status`,
      headers: adminHeaders,
      payload: { status: 'shipped' },
    });
    expect(back.statusCode).toBe(400);
    expect(back.json().code).toBe('STATUS_MOVE_REFUSED');
    expect(await setStatus('delivered')).toMatchObject({
      status: 'delivered',
      fulfillment: { deliveredAt: first },
    });
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.deliveredAt?.toISOString()).toBe(first);

    // The customer hears of the delivery once.
    await smtp.waitFor('reader@example.com');
    // Every mail the requests asked for has gone (or failed): no further one can arrive.
    await ctx.app.mailer.idle();
    const subjects = smtp.inbox.filter((m) => m.to.includes('reader@example.com')).map((m) => m.subject);
    expect(subjects.filter((s) => s.includes('delivered'))).toHaveLength(1);
  });

  it('refuses a bad status on the status route, changing nothing', async () => {
    const order = await createOrder(ctx.database.db, { status: 'shipped' });
    for (const payload of [
      { status: 'lost' },
      { status: 'Delivered' },
      { status: '' },
      { status: null },
      {},
    ]) {
      const res = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/orders/admin/${order.id}/status`,
        headers: adminHeaders,
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json(), JSON.stringify(payload)).toMatchObject({
        success: false,
        error: 'Status must be pending, shipped, delivered or RTO',
        code: 'VALIDATION_ERROR',
      });
    }
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ status: 'shipped', shippedAt: null, deliveredAt: null });
    expect(row?.updatedAt.toISOString()).toBe(order.updatedAt.toISOString());
  });

  it('refuses bad statuses, providers, URLs and dates, changing nothing', async () => {
    const order = await createOrder(ctx.database.db);
    const patch = (payload: object) => patchFulfillment(order.id, payload);
    for (const payload of [
      { status: 'lost' },
      { shippingProvider: 'Pigeon Post' },
      { trackingUrl: 'javascript:alert(1)' },
      { trackingUrl: 'ftp://example.com/x' },
      { trackingUrl: 'not a url' },
      { estimatedDelivery: '30/11/2026' },
      { estimatedDelivery: '2026-02-30x' },
      {},
      { unknownField: 'x' },
    ]) {
      const res = await patch(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().success).toBe(false);
    }
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({
      status: 'pending',
      trackingUrl: null,
      shippingProvider: null,
      estimatedDelivery: null,
    });
    const missing = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/orders/admin/0190b0a0-0000-7000-8000-000000000000/status',
      headers: adminHeaders,
      payload: { status: 'shipped' },
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('dates that do not exist', () => {
  it('answer 400 with the reason on the list, the export and the estimated delivery, changing nothing', async () => {
    const order = await createOrder(ctx.database.db, { createdAt: day('2026-03-02T05:00:00Z') });
    for (const [date, reason] of [
      ['2026-02-30', 'Not a real date'],
      ['2026-04-31', 'Not a real date'],
      ['0000-01-01', 'Dates run from 1900 to 2999'],
      ['9999-12-31', 'Dates run from 1900 to 2999'],
    ] as const) {
      const calls = [
        { method: 'GET' as const, url: `/api/orders/admin/all?startDate=${date}` },
        { method: 'GET' as const, url: `/api/orders/admin/all?endDate=${date}` },
        { method: 'GET' as const, url: `/api/orders/admin/export-csv?startDate=${date}` },
        { method: 'GET' as const, url: `/api/orders/admin/export-csv?endDate=${date}` },
        {
          method: 'PATCH' as const,
          url: `/api/orders/admin/${order.id}/fulfillment`,
          payload: { estimatedDelivery: date },
        },
      ];
      for (const call of calls) {
        const res = await ctx.app.inject({ ...call, headers: adminHeaders });
        expect(res.statusCode, call.url).toBe(400);
        expect(res.json(), call.url).toMatchObject({
          success: false,
          error: reason,
          code: 'VALIDATION_ERROR',
        });
      }
    }
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.estimatedDelivery).toBeNull();
    // The last day of February is a real one.
    const leap = await patchFulfillment(order.id, { estimatedDelivery: '2028-02-29' });
    expect(leap.json().data.order.fulfillment.estimatedDelivery).toBe('2028-02-29');
  });
});

/** The first column of every line but the header, as a CSV reader sees it. */
const orderNumbersOf = (csv: string) =>
  parse(csv.replace(/^\uFEFF/, ''))
    .slice(1)
    .map((cells) => cells[0]);

describe('CSV export', () => {
  it('streams the filtered orders with a header row, named by date, with formula cells neutralised', async () => {
    await createOrder(ctx.database.db, {
      status: 'pending',
      contactName: '=HYPERLINK("http://evil.example","click")',
      items: [{ name: '+Quran', price: 100, quantity: 2 }],
    });
    await createOrder(ctx.database.db, { status: 'delivered', contactName: 'Safiya, "Hyderabad"' });
    await createOrder(ctx.database.db, { status: 'pending', contactName: '@SUM(A1)' });
    const res = await ctx.app.inject({
      url: '/api/orders/admin/export-csv?status=pending',
      headers: adminHeaders,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="orders_export_\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toMatch(/^Order Number,Date,Status,Customer Name,Email,Phone,Items/);
    expect(lines).toHaveLength(3);
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(res.body).toContain("'@SUM(A1)");
    expect(res.body).toContain("'+Quran x2");
    expect(res.body).not.toContain('Safiya');

    const everything = await ctx.app.inject({
      url: '/api/orders/admin/export-csv?status=all',
      headers: adminHeaders,
    });
    expect(everything.body).toContain('"Safiya, ""Hyderabad"""');
  });

  it('exports the orders of a range of India days, and refuses bad filters', async () => {
    // 18:30 UTC is midnight in India.
    const at = async (iso: string) =>
      (await createOrder(ctx.database.db, { createdAt: day(iso) })).orderNumber;
    const lastOfFirst = await at('2026-11-01T18:29:59Z'); // 1 November, 23:59:59 India
    const firstOfSecond = await at('2026-11-01T18:30:00Z'); // 2 November, 00:00 India
    const lastOfThird = await at('2026-11-03T18:29:59Z'); // 3 November, 23:59:59 India
    const firstOfFourth = await at('2026-11-03T18:30:00Z'); // 4 November, 00:00 India
    const numbers = async (query: string) => {
      const res = await ctx.app.inject({
        url: `/api/orders/admin/export-csv?${query}`,
        headers: adminHeaders,
      });
      expect(res.statusCode, query).toBe(200);
      return orderNumbersOf(res.body).sort();
    };
    expect(await numbers('startDate=2026-11-02&endDate=2026-11-03')).toEqual(
      [firstOfSecond, lastOfThird].sort(),
    );
    expect(await numbers('startDate=2026-11-02')).toEqual([firstOfSecond, lastOfThird, firstOfFourth].sort());
    expect(await numbers('endDate=2026-11-01')).toEqual([lastOfFirst]);
    expect(await numbers('startDate=&endDate=')).toHaveLength(4);
    expect(await numbers('startDate=2026-11-04&endDate=2026-11-02')).toEqual([]);

    for (const query of [
      'status=lost',
      'startDate=2026-13-45',
      'endDate=22-11-2026',
      'startDate=2026-02-30',
      'startDate=2026-11-02T00:00:00Z',
    ]) {
      const res = await ctx.app.inject({
        url: `/api/orders/admin/export-csv?${query}`,
        headers: adminHeaders,
      });
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    }
  });

  it('reads large exports in batches without losing a row', async () => {
    // Paid orders of one item each, as the factory makes them, written 500 to a statement rather than one by one.
    const created = new Set<string>();
    const ORDERS = 2105;
    for (let start = 0; start < ORDERS; start += 500) {
      const rows = Array.from({ length: Math.min(500, ORDERS - start) }, (_, k) => {
        const i = start + k;
        // Many orders share one millisecond.
        const createdAt = new Date(Date.UTC(2026, 10, 1, 0, 0, 0, i % 3));
        return {
          orderNumber: `ORD-TEST-BULK${i}`,
          txnId: `pay_bulk${i}`,
          razorpayOrderId: `order_bulk${i}`,
          status: 'pending' as const,
          subtotalPaise: 25_000,
          shippingPaise: 5000,
          amountPaise: 30_000,
          contactName: `Customer ${i}`,
          contactEmail: `customer-${i}@example.com`,
          contactPhone: '9830012345',
          shippingAddress: {
            addressLine1: '12 Park Street',
            city: 'Kolkata',
            state: 'West Bengal',
            pincode: '700016',
          },
          createdAt,
          updatedAt: createdAt,
        };
      });
      const made = await ctx.database.db
        .insert(orders)
        .values(rows)
        .returning({ id: orders.id, orderNumber: orders.orderNumber });
      await ctx.database.db.insert(schema.orderItems).values(
        made.map((order) => ({
          orderId: order.id,
          name: `Book ${order.orderNumber}`,
          author: 'Darul Ilm Publications',
          pricePaise: 25_000,
          quantity: 1,
          images: [],
        })),
      );
      for (const order of made) created.add(order.orderNumber);
    }
    const res = await ctx.app.inject({ url: '/api/orders/admin/export-csv', headers: adminHeaders });
    const numbers = orderNumbersOf(res.body);
    expect(numbers).toHaveLength(2105);
    expect(new Set(numbers)).toEqual(created);

    // A browser gets it compressed, the same bytes once unpacked.
    const compressed = await ctx.app.inject({
      url: '/api/orders/admin/export-csv',
      headers: { ...adminHeaders, 'accept-encoding': 'br' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(compressed.rawPayload).toString('utf8')).toBe(res.body);
  }, 120_000);

  it('neutralises every dangerous first character', () => {
    for (const c of ['=', '+', '-', '@', '\t', '\r']) expect(neutralise(`${c}x`)).toBe(`'${c}x`);
    expect(neutralise('Kolkata')).toBe('Kolkata');
  });
});
