// @database: keys claimed once under parallel requests
import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse, RouteOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { idempotencyHeadersSchema } from '@scholar/shared';
import { queryRows } from '../db/client';
import { createBook, createUser } from '../../test/support/factories';
import { checkouts, idempotencyKeys, sandboxOrders } from '../db/schema';
import { authHeader, createTestApp, type TestContext } from '../../test/support/app';
import { truncateAll } from '../../test/support/database';
import { buyAsGuest } from '../../test/support/purchase';
import { makeImage } from '../../test/support/test-images';

/**
 * `Idempotency-Key` on every create a person may send again (docs/decisions/039), route by route: the same key
 * and body twice make one row and answer the same, the second marked replayed; the same key with another body is
 * refused with 422 and changes nothing; parallel requests with one key make one row; and one caller's key never
 * replays another caller's answer. The table's routes are those that declare the header, taken from the app.
 */

let ctx: TestContext;
/** Every route whose schema takes the `Idempotency-Key` header. */
const keyedRoutes = new Set<string>();

beforeAll(async () => {
  ctx = await createTestApp(
    {},
    {
      onRoute: (route: RouteOptions) => {
        if (route.schema?.headers !== idempotencyHeadersSchema) return;
        for (const method of [route.method].flat()) keyedRoutes.add(`${method} ${route.url}`);
      },
    },
  );
  await ctx.app.ready();
});
afterAll(async () => {
  await ctx.close();
});

/** A caller: their headers and id. */
interface Caller {
  id: string;
  headers: Record<string, string>;
}

/** Two callers of each kind (A and B), remade before each test. */
let people: { user: [Caller, Caller]; admin: [Caller, Caller]; guest: [Caller, Caller] };
let book: { id: string };
/** A paid order, made only for the refund rows (once, however many requests ask at once). */
let paidOrder: Promise<{ _id: string }> | undefined;

async function caller(role: 'user' | 'admin'): Promise<Caller> {
  const row = await createUser(ctx.database.db, { role, password: 'right-password-1' });
  return { id: row.id, headers: await authHeader(ctx, row) };
}

beforeEach(async () => {
  await truncateAll(ctx.database);
  fs.rmSync(path.join(ctx.dataDir, 'outbox'), { recursive: true, force: true });
  people = {
    user: [await caller('user'), await caller('user')],
    admin: [await caller('admin'), await caller('admin')],
    guest: [
      { id: '', headers: {} },
      { id: '', headers: {} },
    ],
  };
  book = await createBook(ctx.database.db, { price: 200 });
  paidOrder = undefined;
});

let addresses = 0;
/** Each request from an address of its own: the per-address limits have tests of their own. */
const remoteAddress = () => {
  addresses += 1;
  return `10.91.${(addresses >> 8) & 255}.${addresses & 255}`;
};

const count = async (table: string) =>
  (await queryRows<{ n: number }>(ctx.database.db, sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n;

const outboxMails = () => {
  const dir = path.join(ctx.dataDir, 'outbox');
  return fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
};

const address = {
  addressType: 'Home',
  addressLine1: '7 Ripon Street',
  city: 'Kolkata',
  state: 'West Bengal',
  pincode: '700016',
};

/** A multipart body as a browser sends it. */
async function multipart(fields: Record<string, string>, image: Buffer) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('images', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'cover.png');
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type') ?? '' },
  };
}

interface KeyedRoute {
  /** The route as Fastify registered it. */
  route: string;
  name?: string;
  /** Who sends it: A and B of this kind. */
  as: 'guest' | 'user' | 'admin';
  status: number;
  /** The request of `caller` with body variant `n` (0 and 1 differ). */
  request: (n: number, caller: Caller) => Promise<InjectOptions> | InjectOptions;
  /** How many of what the route makes there are. */
  made: () => Promise<number>;
  /** What a replay must answer the same (default: the whole body). */
  same?: (body: Record<string, unknown>) => unknown;
  /** Keys per caller: false where a key names one thing whoever sends it (a refund of an order). */
  perCaller?: boolean;
}

const checkout = (n: number, extra: object): InjectOptions => ({
  method: 'POST',
  url: '/api/payments/create-razorpay-order',
  payload: { cartItems: [{ book: book.id, quantity: n + 1 }], ...extra },
});

const TABLE: KeyedRoute[] = [
  {
    route: 'POST /api/fatwahs/submit',
    as: 'guest',
    status: 201,
    request: (n) => ({
      method: 'POST',
      url: '/api/fatwahs/submit',
      payload: { question: `Is wudu broken by sleep? (${n})`, categories: ['Purification'] },
    }),
    made: () => count('fatwahs'),
  },
  {
    route: 'POST /api/auth/register',
    as: 'guest',
    status: 201,
    request: (n) => ({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        name: `Amina ${n}`,
        email: 'amina@example.com',
        phone: '9830012345',
        password: 'a-good-password-1',
      },
    }),
    made: () => count('users where email = $$amina@example.com$$'),
    // A replay signs the account in anew: the same account, new tokens.
    same: (body) => (body.data as { user: unknown }).user,
  },
  {
    route: 'POST /api/addresses',
    as: 'user',
    status: 201,
    request: (n, who) => ({
      method: 'POST',
      url: '/api/addresses',
      payload: { userId: who.id, address: { ...address, addressLine1: `${n + 7} Ripon Street` } },
    }),
    made: () => count('addresses'),
  },
  {
    route: 'POST /api/payments/create-razorpay-order',
    name: 'a guest',
    as: 'guest',
    status: 200,
    request: (n) =>
      checkout(n, {
        guestInfo: { name: 'Guest Buyer', email: 'guest@example.com', phone: '9830011223', address },
      }),
    made: () => count('checkouts'),
  },
  {
    route: 'POST /api/payments/create-razorpay-order',
    name: 'a signed-in customer',
    as: 'user',
    status: 200,
    request: (n) => checkout(n, { selectedAddress: address }),
    made: () => count('checkouts'),
  },
  {
    route: 'POST /api/payments/cod-order',
    as: 'guest',
    status: 201,
    request: async (n) => {
      const current = await ctx.app.siteSettings.get();
      await ctx.app.siteSettings.save({ ...current, codEnabled: true, codMaxOrder: 2000, codFee: 40 });
      const { url: _card, ...rest } = checkout(n, {
        guestInfo: { name: 'Guest Buyer', email: 'guest@example.com', phone: '9830011223', address },
      });
      return { ...rest, url: '/api/payments/cod-order' };
    },
    made: () => count('orders'),
  },
  {
    route: 'POST /api/delivery/admin/zones',
    as: 'admin',
    status: 201,
    request: (n) => ({
      method: 'POST',
      url: '/api/delivery/admin/zones',
      payload: {
        name: `Kerala ${n}`,
        chargePerPair: 60 + n,
        minDays: 3,
        maxDays: 6,
        serviceable: true,
        codAvailable: true,
        isDefault: false,
        ranges: [],
      },
    }),
    made: () => count('delivery_zones'),
  },
  {
    route: 'POST /api/books',
    as: 'admin',
    status: 201,
    request: async (n) => {
      const body = await multipart(
        { name: 'Sahih Muslim', description: 'Hadith', author: 'Imam Muslim', price: String(300 + n) },
        await makeImage('png', 200, 300),
      );
      return { method: 'POST', url: '/api/books', ...body };
    },
    made: () => count('books'),
  },
  {
    route: 'POST /api/articles/admin',
    as: 'admin',
    status: 201,
    request: (n) => ({
      method: 'POST',
      url: '/api/articles/admin',
      payload: {
        title: `Patience in Hardship ${n}`,
        content: 'First paragraph about sabr.',
        featuredImage: 'https://images.example.com/sabr.jpg',
      },
    }),
    made: () => count('articles'),
  },
  {
    route: 'POST /api/fatwahs',
    as: 'admin',
    status: 201,
    request: (n) => ({
      method: 'POST',
      url: '/api/fatwahs',
      payload: { question: `Is zakat due on jewellery? (${n})`, categories: ['Zakat'] },
    }),
    made: () => count('fatwahs'),
  },
  {
    route: 'POST /api/admins/invites',
    as: 'admin',
    status: 201,
    request: (n) => ({
      method: 'POST',
      url: '/api/admins/invites',
      payload: { email: `helper${n}@example.com` },
    }),
    // A new invitation to the same email replaces the earlier one, so its mails count what was made (sent after
    // the answer, through the mail outbox).
    made: async () => {
      await ctx.app.mailer.idle();
      return outboxMails();
    },
  },
  {
    route: 'POST /api/orders/admin/:id/refunds',
    as: 'admin',
    status: 201,
    request: async (n) => {
      paidOrder ??= buyAsGuest(ctx, [{ bookId: book.id, quantity: 2 }]);
      return {
        method: 'POST',
        url: `/api/orders/admin/${(await paidOrder)._id}/refunds`,
        payload: { amount: 100 + n, reason: 'Late delivery' },
      };
    },
    made: () => count('refunds'),
    // The order of a replay is read anew (its refund may have settled since): the same refunds.
    same: (body) =>
      (body.data as { order: { refunds: { _id: string; amount: number }[] } }).order.refunds.map(
        ({ _id, amount }) => ({ _id, amount }),
      ),
    perCaller: false,
  },
];

const title = (row: KeyedRoute) => `${row.route}${row.name ? ` (${row.name})` : ''}`;

/** Sends a row's request as `who`, with `key` when given. */
async function send(row: KeyedRoute, n: number, who: Caller, key?: string): Promise<LightMyRequestResponse> {
  const request = await row.request(n, who);
  return ctx.app.inject({
    ...request,
    remoteAddress: remoteAddress(),
    headers: {
      ...(request.headers as Record<string, string> | undefined),
      ...who.headers,
      ...(key ? { 'idempotency-key': key } : {}),
    },
  } as InjectOptions);
}

const answerOf = (row: KeyedRoute, res: LightMyRequestResponse) => {
  const body = res.json<Record<string, unknown>>();
  return row.same ? row.same(body) : body;
};

describe('the routes that take an Idempotency-Key', () => {
  it('are the creates a person may send again, each with a row below', () => {
    expect([...keyedRoutes].sort()).toEqual([...new Set(TABLE.map((row) => row.route))].sort());
  });
});

describe.each(TABLE.map((row) => [title(row), row] as const))('%s', (_title, row) => {
  const a = () => people[row.as][0];
  const b = () => people[row.as][1];

  it('makes one row for the same key and body sent twice, and answers the same again, marked replayed', async () => {
    const before = await row.made();
    const first = await send(row, 0, a(), 'retry-7f3a');
    expect(first.statusCode, first.body).toBe(row.status);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await send(row, 0, a(), 'retry-7f3a');
    expect(again.statusCode, again.body).toBe(row.status);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(answerOf(row, again)).toEqual(answerOf(row, first));
    expect(await row.made()).toBe(before + 1);
  });

  it('refuses the same key with another body (422) and changes nothing', async () => {
    const first = await send(row, 0, a(), 'form-1');
    expect(first.statusCode, first.body).toBe(row.status);
    const made = await row.made();
    const other = await send(row, 1, a(), 'form-1');
    expect(other.statusCode, other.body).toBe(422);
    expect(other.json()).toMatchObject({ success: false, code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await row.made()).toBe(made);
    // The key still answers its own request.
    const again = await send(row, 0, a(), 'form-1');
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(answerOf(row, again)).toEqual(answerOf(row, first));
  });

  it('makes one row for parallel requests with one key, all answering the same', async () => {
    const before = await row.made();
    const answers = await Promise.all(Array.from({ length: 4 }, () => send(row, 0, a(), 'double-click')));
    expect(answers.map((res) => res.statusCode)).toEqual(Array(4).fill(row.status));
    expect(answers.filter((res) => res.headers['idempotent-replayed'] !== 'true')).toHaveLength(1);
    expect(new Set(answers.map((res) => JSON.stringify(answerOf(row, res)))).size).toBe(1);
    expect(await row.made()).toBe(before + 1);
  });

  it.runIf(row.as !== 'guest' && row.perCaller !== false)(
    "never replays one caller's answer for another who sends the same key",
    async () => {
      const before = await row.made();
      const mine = await send(row, 0, a(), 'shared-key');
      const theirs = await send(row, 0, b(), 'shared-key');
      expect(theirs.statusCode, theirs.body).toBe(row.status);
      expect(theirs.headers['idempotent-replayed']).toBeUndefined();
      expect(answerOf(row, theirs)).not.toEqual(answerOf(row, mine));
      expect(await row.made()).toBe(before + 2);
    },
  );
});

describe('a keyed create', () => {
  const guestQuestion = TABLE.find((row) => row.route === 'POST /api/fatwahs/submit')!;
  const register = TABLE.find((row) => row.route === 'POST /api/auth/register')!;
  const guestCheckout = TABLE.find((row) => row.name === 'a guest')!;
  const guest = () => people.guest[0];

  it('that failed leaves no key behind: the corrected request runs with the same key', async () => {
    const admin = people.admin[0];
    const write = (payload: object) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/fatwahs',
        headers: { ...admin.headers, 'idempotency-key': 'publish-1' },
        payload: { question: 'Is zakat due on jewellery?', categories: ['Zakat'], ...payload },
      });
    const refused = await write({ status: 'published' });
    expect(refused.statusCode).toBe(400);
    expect(await count('idempotency_keys')).toBe(0);
    const corrected = await write({ status: 'published', answer: 'Yes, above the nisab.' });
    expect(corrected.statusCode, corrected.body).toBe(201);
    expect(await count('fatwahs')).toBe(1);
  });

  it('with a malformed key is refused before anything is made', async () => {
    const res = await send(guestQuestion, 0, guest(), 'not a key!');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(await count('fatwahs')).toBe(0);
  });

  it('without a key makes a row each time, as before', async () => {
    await send(guestQuestion, 0, guest());
    await send(guestQuestion, 0, guest());
    expect(await count('fatwahs')).toBe(2);
  });

  it('forgets a key after 24 hours', async () => {
    await send(guestQuestion, 0, guest(), 'old-key');
    await ctx.database.db.update(idempotencyKeys).set({ createdAt: new Date(Date.now() - 25 * 3_600_000) });
    const later = await send(guestQuestion, 0, guest(), 'old-key');
    expect(later.statusCode).toBe(201);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(await count('fatwahs')).toBe(2);
  });

  it('keeps no token or password of a registration, and its replay signs the account in anew', async () => {
    const first = await send(register, 0, guest(), 'signup-1');
    const again = await send(register, 0, guest(), 'signup-1');
    expect(again.headers['idempotent-replayed']).toBe('true');
    const [stored] = await ctx.database.db.select().from(idempotencyKeys);
    const { accessToken, refreshToken } = first.json().data as Record<string, string>;
    for (const secret of [accessToken!, refreshToken!, 'a-good-password-1']) {
      expect(JSON.stringify(stored)).not.toContain(secret);
    }
    const replayed = again.json().data as Record<string, string>;
    expect(replayed.accessToken).not.toBe(accessToken);
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${replayed.accessToken}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.user.email).toBe('amina@example.com');
  });

  it('of a payment order carries on with its checkout when the server died before answering', async () => {
    const first = await send(guestCheckout, 0, guest(), 'pay-1');
    expect(first.statusCode).toBe(200);
    const ordersAtRazorpay = await count('sandbox_orders');
    // Died after Razorpay's order was recorded, before the answer: the same order again, without asking Razorpay.
    await ctx.database.db.update(idempotencyKeys).set({ statusCode: null, answer: null });
    const resumed = await send(guestCheckout, 0, guest(), 'pay-1');
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json().orderId).toBe(first.json().orderId);
    expect(await count('sandbox_orders')).toBe(ordersAtRazorpay);
    // Died before Razorpay answered: the same checkout gets its Razorpay order now.
    await ctx.database.db.update(idempotencyKeys).set({ statusCode: null, answer: null });
    await ctx.database.db.update(checkouts).set({ razorpayOrderId: null });
    const carried = await send(guestCheckout, 0, guest(), 'pay-1');
    expect(carried.statusCode).toBe(200);
    const [row] = await ctx.database.db.select().from(checkouts);
    expect(row!.razorpayOrderId).toBe(carried.json().orderId);
    expect(await count('checkouts')).toBe(1);
    const [atRazorpay] = await ctx.database.db
      .select()
      .from(sandboxOrders)
      .where(eq(sandboxOrders.id, carried.json().orderId as string));
    expect(atRazorpay!.receipt).toBe(row!.id);
  });

  it('of a payment order whose price changed leaves no key: the corrected request runs', async () => {
    const stale = await send(guestCheckout, 0, guest(), 'pay-2');
    expect(stale.statusCode).toBe(200);
    const wrong = await ctx.app.inject({
      ...checkout(0, {
        guestInfo: { name: 'Guest Buyer', email: 'guest@example.com', phone: '9830011223', address },
        expectedTotal: 1,
      }),
      remoteAddress: remoteAddress(),
      headers: { 'idempotency-key': 'pay-3' },
    } as InjectOptions);
    expect(wrong.statusCode).toBe(409);
    const right = await ctx.app.inject({
      ...checkout(0, {
        guestInfo: { name: 'Guest Buyer', email: 'guest@example.com', phone: '9830011223', address },
        expectedTotal: 250,
      }),
      remoteAddress: remoteAddress(),
      headers: { 'idempotency-key': 'pay-3' },
    } as InjectOptions);
    expect(right.statusCode, right.body).toBe(200);
    expect(await count('checkouts')).toBe(2);
  });
});
