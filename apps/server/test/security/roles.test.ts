import { adminLogin } from '../support/admin-login';
import type { InjectOptions } from 'fastify';
import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articles, fatwahs, orders, users } from '../../src/db/schema';
import { authHeader, type TestContext } from '../support/app';
import { createArticle, createFatwah, createOrder, createUser } from '../support/factories';
import type { RegisteredRoute, RouteKey } from '../support/routes';
import { createTestAppWithRoutes } from '../support/routes';
import { startSmtpServer } from '../support/smtp';
import { TABLE, type Case } from './route-table';
import { createWorld, type Role, type World } from './world';

/**
 * The staff roles at every staff route (docs/decisions/047): each route the app registers that refuses a customer
 * with `ADMIN_ONLY` is a staff route, and must be in the table below; each is called as an admin, a scholar, the
 * shop, a customer and a guest. The table is written here, not taken from the code it checks.
 */

type Staff = 'admin' | 'scholar' | 'shop';
type Caller = Staff | 'customer' | 'guest';
type Access = 'orders' | 'books' | 'fatwahs' | 'articles' | 'admin' | 'staff';

/** Who works where (docs/product.md, "Roles"). */
const WHO: Record<Access, Staff[]> = {
  orders: ['admin', 'shop'],
  books: ['admin', 'shop'],
  fatwahs: ['admin', 'scholar'],
  articles: ['admin', 'scholar'],
  /** The staff and the site settings. */
  admin: ['admin'],
  /** A staff member's own display name. */
  staff: ['admin', 'scholar', 'shop'],
};

/** Route prefix (`METHOD /path`) → desk; the longest prefix that a staff route starts with decides. */
const DESK_TABLE: [string, Access][] = [
  ['GET /api/orders/admin/', 'orders'],
  ['PATCH /api/orders/admin/', 'orders'],
  ['POST /api/orders/admin/', 'orders'],
  ['POST /api/books', 'books'],
  ['PUT /api/books/', 'books'],
  ['DELETE /api/books/', 'books'],
  ['GET /api/fatwahs', 'fatwahs'],
  ['POST /api/fatwahs', 'fatwahs'],
  ['PUT /api/fatwahs/', 'fatwahs'],
  ['DELETE /api/fatwahs/', 'fatwahs'],
  ['GET /api/articles/admin', 'articles'],
  ['POST /api/articles/admin', 'articles'],
  ['PUT /api/articles/admin/', 'articles'],
  ['PATCH /api/articles/admin/', 'articles'],
  ['DELETE /api/articles/admin/', 'articles'],
  ['GET /api/admins', 'admin'],
  ['POST /api/admins/invites', 'admin'],
  ['PUT /api/admins/', 'admin'],
  ['DELETE /api/admins/', 'admin'],
  ['PUT /api/settings', 'admin'],
  ['GET /api/admin/mails', 'admin'],
  ['GET /api/admin/memory', 'admin'],
  ['POST /api/admin/mails/', 'admin'],
  // The shop's own screens: delivery zones, coupons and bills sit with the orders desk.
  ['GET /api/delivery/admin/', 'orders'],
  ['POST /api/delivery/admin/', 'orders'],
  ['PUT /api/delivery/admin/', 'orders'],
  ['DELETE /api/delivery/admin/', 'orders'],
  ['GET /api/coupons/admin', 'orders'],
  ['POST /api/coupons/admin', 'orders'],
  ['PUT /api/coupons/admin/', 'orders'],
  ['GET /api/bills/admin/', 'orders'],
  // The subscribers' numbers sit with the fatwah desk.
  ['GET /api/subscriptions/', 'fatwahs'],
  ['PUT /api/users/display-name/', 'staff'],
];

const deskOf = (key: RouteKey): Access | undefined =>
  DESK_TABLE.filter(([prefix]) => key.startsWith(prefix)).sort((a, b) => b[0].length - a[0].length)[0]?.[1];

const CALLERS: Caller[] = ['admin', 'scholar', 'shop', 'customer', 'guest'];
/** Whose requests of the authorization table a caller sends (the table knows guests, customers and admins). */
const TABLE_ROLE: Record<Caller, Role> = {
  admin: 'admin',
  scholar: 'admin',
  shop: 'admin',
  customer: 'user',
  guest: 'guest',
};

let ctx: TestContext;
let routes: RegisteredRoute[];
let world: World;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let staffRoutes: RouteKey[];
const people = {} as Record<Staff, { id: string; email: string }>;
const headers = {} as Record<Caller, Record<string, string>>;

let nextIp = 1;
const freshIp = () => `10.88.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`;

beforeAll(async () => {
  smtp = await startSmtpServer();
  ({ ctx, routes } = await createTestAppWithRoutes({ SMTP_URL: smtp.url }));
  world = await createWorld(ctx);
  people.admin = world.admin;
  for (const role of ['scholar', 'shop'] as const) {
    people[role] = await createUser(ctx.database.db, { name: `Staff ${role}`, role });
  }
  for (const role of ['admin', 'scholar', 'shop'] as const) {
    headers[role] = await authHeader(ctx, { id: people[role].id, role });
  }
  headers.customer = world.headers.user;
  headers.guest = {};

  // A staff route turns a customer away before it reads anything: 403 ADMIN_ONLY, whatever its parameters. A
  // customer of its own probes, so that a route that ends its sessions ends no one else's.
  const prober = await createUser(ctx.database.db, { name: 'Prober' });
  const probe = await authHeader(ctx, { id: prober.id, role: 'user' });
  staffRoutes = [];
  for (const route of routes) {
    const res = await ctx.app.inject({
      method: route.method,
      url: route.url.replace(/:\w+/g, () => uuidv7()).replace('*', 'x'),
      headers: probe,
      remoteAddress: freshIp(),
    } as InjectOptions);
    if (res.statusCode === 403 && res.json<{ code?: string }>().code === 'ADMIN_ONLY')
      staffRoutes.push(route.key);
  }
}, 120_000);

afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const call = (caller: Caller, request: InjectOptions) =>
  ctx.app.inject({
    ...request,
    headers: { ...(request.headers as Record<string, string>), ...headers[caller] },
    remoteAddress: freshIp(),
  } as InjectOptions);

describe('the role table', () => {
  it('finds the staff routes, each in the table, and no row of the table is left without one', () => {
    expect(staffRoutes.length).toBeGreaterThan(30);
    expect(
      staffRoutes.filter((key) => deskOf(key) === undefined),
      'staff routes without a desk in the role table',
    ).toEqual([]);
    const stale = DESK_TABLE.filter(([prefix]) => !staffRoutes.some((key) => key.startsWith(prefix)));
    expect(stale, 'rows for staff routes the app no longer has').toEqual([]);
  });

  it('every staff route answers each role as the table says', async () => {
    const wrong: string[] = [];
    for (const key of staffRoutes) {
      const access = deskOf(key)!;
      const row = TABLE[key];
      // A route the authorization table has no row for yet is called with made-up ids and an empty body: the
      // role is checked before either is read, and an allowed role gets past it (to a 400 or 404).
      const cell: Pick<Case, 'request'> = row
        ? [row].flat()[0]!
        : {
            request: () => ({
              method: key.split(' ')[0] as 'GET',
              url: key.split(' ')[1]!.replace(/:\w+/g, () => uuidv7()),
              ...(key.startsWith('GET ') || key.startsWith('DELETE ') ? {} : { payload: {} }),
            }),
          };
      for (const caller of CALLERS) {
        const request = await cell.request(world, TABLE_ROLE[caller]);
        // "My own id": a staff member sends theirs where the table's request holds the admin's.
        const own = caller === 'scholar' || caller === 'shop' ? people[caller].id : world.admin.id;
        const res = await call(caller, {
          ...request,
          url: String(request.url).replaceAll(world.admin.id, own),
        });
        const allowed = caller !== 'customer' && caller !== 'guest' && WHO[access].includes(caller);
        const status = res.statusCode;
        if (caller === 'guest') {
          if (status !== 401) wrong.push(`${key} as guest: ${status}, not 401`);
        } else if (allowed) {
          if (status === 401 || status === 403) wrong.push(`${key} as ${caller}: ${status} ${res.body}`);
        } else if (status !== 403 || res.json<{ code?: string }>().code !== 'ADMIN_ONLY') {
          wrong.push(`${key} as ${caller}: ${status}, not 403 ADMIN_ONLY`);
        }
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);
});

describe('the desks, case by case', () => {
  it('a scholar cannot refund an order', async () => {
    const order = await createOrder(ctx.database.db);
    const res = await call('scholar', {
      method: 'POST',
      url: `/api/orders/admin/${order.id}/refunds`,
      payload: { amount: 10, reason: 'A damaged copy' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'ADMIN_ONLY' });
  });

  it('the shop cannot publish a fatwah or an article', async () => {
    const fatwah = await createFatwah(ctx.database.db, { status: 'pending' });
    const published = await call('shop', {
      method: 'PUT',
      url: `/api/fatwahs/${fatwah.id}`,
      payload: { status: 'published' },
    });
    expect(published.statusCode).toBe(403);
    expect(published.json()).toMatchObject({ code: 'ADMIN_ONLY' });
    const article = await createArticle(ctx.database.db, { isPublished: false });
    const toggled = await call('shop', {
      method: 'PATCH',
      url: `/api/articles/admin/${article.id}/toggle-publish`,
    });
    expect(toggled.statusCode).toBe(403);
    expect(toggled.json()).toMatchObject({ code: 'ADMIN_ONLY' });

    const [fatwahRow] = await ctx.database.db.select().from(fatwahs).where(eq(fatwahs.id, fatwah.id));
    expect(fatwahRow!.status).toBe('pending');
    const [articleRow] = await ctx.database.db.select().from(articles).where(eq(articles.id, article.id));
    expect(articleRow!.isPublished).toBe(false);
  });

  it('a scholar reads a question not yet answered, answers it and publishes it; the shop does not see it', async () => {
    const fatwah = await createFatwah(ctx.database.db, { status: 'pending', answer: null });
    expect((await call('scholar', { method: 'GET', url: `/api/fatwahs/${fatwah.id}` })).statusCode).toBe(200);
    expect((await call('shop', { method: 'GET', url: `/api/fatwahs/${fatwah.id}` })).statusCode).toBe(404);

    const answered = await call('scholar', {
      method: 'PUT',
      url: `/api/fatwahs/${fatwah.id}`,
      payload: {
        question: fatwah.question,
        answer: 'It is permissible, with the conditions explained. And Allah knows best.',
        categories: ['Prayer'],
        status: 'published',
      },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    const publicView = await call('guest', { method: 'GET', url: `/api/fatwahs/${fatwah.id}` });
    expect(publicView.statusCode).toBe(200);
    expect(publicView.body).toContain('It is permissible');
  });

  it("the shop ships an order, and reads a customer's orders; a scholar does not", async () => {
    const order = await createOrder(ctx.database.db, { userId: world.owner.id });
    const shipped = await call('shop', {
      method: 'PATCH',
      url: `/api/orders/admin/${order.id}/fulfillment`,
      payload: { status: 'shipped', trackingNumber: 'TRK-ROLES-1', shippingProvider: 'DTDC' },
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.status).toBe('shipped');

    const theirs = `/api/orders/${world.owner.id}?page=1`;
    expect((await call('shop', { method: 'GET', url: theirs })).statusCode).toBe(200);
    const refused = await call('scholar', { method: 'GET', url: theirs });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'NOT_YOUR_ACCOUNT' });
  });

  it('no staff role has a cart or places an order', async () => {
    for (const caller of ['admin', 'scholar', 'shop'] as const) {
      const cart = await call(caller, { method: 'GET', url: '/api/cart' });
      expect(cart.statusCode, caller).toBe(403);
      expect(cart.json()).toMatchObject({ code: 'ADMIN_NO_CART' });
    }
  });

  it('a scholar and the shop sign their work with a display name', async () => {
    for (const caller of ['scholar', 'shop'] as const) {
      const res = await call(caller, {
        method: 'PUT',
        url: `/api/users/display-name/${people[caller].id}`,
        payload: { displayName: `Shaikh ${caller}` },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  });
});

const tokenIn = (text: string) => {
  const match = /\/admin\/invite\?token=([A-Za-z0-9_-]+)/.exec(text);
  if (!match) throw new Error(`no invitation link in ${text}`);
  return match[1]!;
};

const login = (email: string, password: string) => adminLogin(ctx, email, password, freshIp());

describe('invitations in a role', () => {
  it('the invited role is the role the account gets', async () => {
    for (const role of ['scholar', 'shop'] as const) {
      const email = `new-${role}@example.com`;
      const sent = await call('admin', {
        method: 'POST',
        url: '/api/admins/invites',
        payload: { email, role },
      });
      expect(sent.statusCode, sent.body).toBe(201);
      expect(sent.json().data.invite).toMatchObject({ email, role });

      const listed = await call('admin', { method: 'GET', url: '/api/admins' });
      expect(listed.json().data.invites).toContainEqual(expect.objectContaining({ email, role }));

      const mail = await smtp.waitFor(email);
      const accepted = await ctx.app.inject({
        method: 'POST',
        url: '/api/admins/invites/accept',
        payload: { token: tokenIn(mail.text), name: `New ${role}`, password: 'password123' },
        remoteAddress: freshIp(),
      });
      expect(accepted.statusCode, accepted.body).toBe(201);
      const [row] = await ctx.database.db.select().from(users).where(eq(users.email, email));
      expect(row!.role).toBe(role);
      const signedIn = await login(email, 'password123');
      expect(signedIn.json().data.user.role).toBe(role);

      const staff = await call('admin', { method: 'GET', url: '/api/admins' });
      expect(staff.json().data.admins).toContainEqual(expect.objectContaining({ email, role }));
    }
  });

  it('an invitation without a role is for an admin; a customer role cannot be invited', async () => {
    const sent = await call('admin', {
      method: 'POST',
      url: '/api/admins/invites',
      payload: { email: 'plain-invite@example.com' },
    });
    expect(sent.json().data.invite.role).toBe('admin');
    const refused = await call('admin', {
      method: 'POST',
      url: '/api/admins/invites',
      payload: { email: 'customer-invite@example.com', role: 'user' },
    });
    expect(refused.statusCode).toBe(400);
  });

  it('a scholar cannot invite', async () => {
    const res = await call('scholar', {
      method: 'POST',
      url: '/api/admins/invites',
      payload: { email: 'by-scholar@example.com', role: 'scholar' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'ADMIN_ONLY' });
  });
});

describe('changing a role', () => {
  it("an admin moves a scholar to the shop; the scholar's sessions end and the next sign-in is the shop's", async () => {
    const member = await createUser(ctx.database.db, { role: 'scholar', password: 'password123' });
    const old = await authHeader(ctx, { id: member.id, role: 'scholar' });
    const res = await call('admin', {
      method: 'PUT',
      url: `/api/admins/${member.id}/role`,
      payload: { role: 'shop' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, member.id));
    expect(row!.role).toBe('shop');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: old })).statusCode).toBe(401);
    expect((await login(member.email, 'password123')).json().data.user.role).toBe('shop');
  });

  it('never their own role, never a customer, and another admin may become a scholar', async () => {
    const own = await call('admin', {
      method: 'PUT',
      url: `/api/admins/${world.admin.id}/role`,
      payload: { role: 'scholar' },
    });
    expect(own.statusCode).toBe(400);
    expect(own.json()).toMatchObject({ code: 'OWN_ROLE' });

    const customer = await call('admin', {
      method: 'PUT',
      url: `/api/admins/${world.owner.id}/role`,
      payload: { role: 'shop' },
    });
    expect(customer.statusCode).toBe(404);

    const other = await createUser(ctx.database.db, { role: 'admin' });
    const moved = await call('admin', {
      method: 'PUT',
      url: `/api/admins/${other.id}/role`,
      payload: { role: 'scholar' },
    });
    expect(moved.statusCode).toBe(200);
  });

  it('a shop account cannot change roles', async () => {
    const res = await call('shop', {
      method: 'PUT',
      url: `/api/admins/${people.scholar.id}/role`,
      payload: { role: 'admin' },
    });
    expect(res.statusCode).toBe(403);
  });
});
