import fs from 'node:fs';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import {
  createAddress,
  createArticle,
  createBook,
  createFatwah,
  createInvite,
  createOrder,
  createUser,
} from '../../src/db/factories';
import { makeImage } from '../support/test-images';
import type { RouteKey } from '../support/routes';
import {
  ASKER_EMAIL,
  freshRefreshToken,
  freshResetToken,
  guestInfo,
  OWNER_PASSWORD,
  ownerPaidCheckout,
  ownIdOf,
  sandboxAuth,
  sandboxOrder,
  signedWebhook,
  validAddress,
  type Role,
  type World,
} from './world';

/**
 * What every route the app registers must answer to {guest, the owner, another customer, an admin}: the table of
 * the authorization matrix (authorization.test.ts), whose request builders the hostile-input tests mutate. Every
 * request uses real records made by the factories, so that ids exist.
 */

export type Expected = Record<Role, number>;
export type Request = Omit<InjectOptions, 'headers'> & { headers?: Record<string, string> };
/** Builds the request of one cell; `auth` says which credentials go with it. */
export interface Case {
  name?: string;
  expect: Expected;
  /** 'role' (default): the role's bearer token; 'basic': the Razorpay key pair instead (sandbox API). */
  auth?: 'role' | 'basic';
  /** The shape of a failure: ours, or Razorpay's `{error: {code, description}}` (the sandbox's API). */
  failure?: 'envelope' | 'razorpay';
  request: (world: World, role: Role) => Promise<Request> | Request;
}

const all = (status: number): Expected => ({ guest: status, user: status, other: status, admin: status });
/** Admin-only: guests must log in, customers are refused. */
const adminOnly = (status = 200): Expected => ({ guest: 401, user: 403, other: 403, admin: status });
/** A customer's own record (the owner's): another customer is refused, admins may. */
const owned = (status = 200): Expected => ({ guest: 401, user: status, other: 403, admin: status });
/** Each signed-in caller gets their own (no id to get wrong). */
const signedIn = (status = 200): Expected => ({ guest: 401, user: status, other: status, admin: status });
/** The server cart: customers only; admins have none. */
const customerOnly = (other: number, status = 200): Expected => ({
  guest: 401,
  user: status,
  other,
  admin: 403,
});

const get = (url: string): Request => ({ method: 'GET', url });
const db = (world: World) => world.ctx.database.db;

async function bookForm(): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries({
    name: 'Matrix book',
    description: 'Made by the authorization test.',
    author: 'Test Author',
    price: '100',
  }))
    form.append(name, value);
  form.append('images', new Blob([new Uint8Array(await makeImage('png', 40, 40))]), 'cover.png');
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type') ?? '' },
  };
}

/** The owner's cart holds the book, so that updates and removals have a line to act on. */
async function bookInOwnersCart(world: World) {
  const book = await createBook(db(world));
  await world.ctx.app.inject({
    method: 'POST',
    url: '/api/cart/add',
    headers: world.headers.user,
    payload: { bookId: book.id, quantity: 1, userId: world.owner.id },
  });
  return book;
}

/**
 * A payment captured in the sandbox (of a sandbox order, not a checkout: checkouts per address are limited), and
 * a refund of part of one, made with the key pair.
 */
async function sandboxPayment(world: World): Promise<string> {
  const pay = await world.ctx.app.inject({
    method: 'POST',
    url: `/api/payments/sandbox/orders/${await sandboxOrder(world)}/pay`,
    payload: { outcome: 'success', webhook: false },
  });
  return pay.json().razorpay_payment_id as string;
}
async function sandboxRefund(world: World): Promise<string> {
  const paymentId = await sandboxPayment(world);
  const res = await world.ctx.app.inject({
    method: 'POST',
    url: `/api/payments/sandbox/v1/payments/${paymentId}/refund`,
    headers: sandboxAuth(world),
    payload: { amount: 1_000 },
  });
  return res.json().id as string;
}

const articleBody = {
  title: 'An article',
  content: 'A paragraph.',
  featuredImage: 'https://images.example.com/a.jpg',
};

export const TABLE: Record<RouteKey, Case | Case[]> = {
  // Health, the SPA, uploads and the API documentation are public.
  'GET /': { expect: all(200), request: () => get('/') },
  'GET /*': { expect: all(200), request: () => get('/dashboard?tab=orders') },
  // Public pages written by the server with their own head (title, description, Open Graph, JSON-LD).
  ...Object.fromEntries(
    [
      '/about',
      '/articles',
      '/ask-fatwah',
      '/books',
      '/certifications',
      '/fatwah',
      '/initiatives',
      '/privacy-policy',
      '/return-policy',
      '/terms-and-conditions',
      '/robots.txt',
      '/rss/articles.xml',
      '/rss/fatwahs.xml',
      '/sitemap.xml',
    ].map((url) => [`GET ${url}`, { expect: all(200), request: () => get(url) }]),
  ),
  'GET /book/:id': {
    expect: all(200),
    request: async (world) => get(`/book/${(await createBook(db(world))).id}`),
  },
  'GET /articles/:id': {
    expect: all(200),
    request: async (world) => get(`/articles/${(await createArticle(db(world), { isPublished: true })).id}`),
  },
  'GET /fatwah/:id': {
    expect: all(200),
    request: async (world) => get(`/fatwah/${(await createFatwah(db(world), { status: 'published' })).id}`),
  },
  'GET /api/health': { expect: all(200), request: () => get('/api/health') },
  'GET /api/ready': { expect: all(200), request: () => get('/api/ready') },
  // The site's settings: everyone reads them (the footer), admins change them.
  'GET /api/settings': { expect: all(200), request: () => get('/api/settings') },
  'PUT /api/settings': {
    expect: adminOnly(),
    request: () => ({
      method: 'PUT',
      url: '/api/settings',
      payload: {
        scholarName: 'the Shaikh',
        officeAddress: ['Darul Ilm Office', 'Kolkata'],
        contactEmail: 'contact@darulilm.example',
        phone: '+91 33 4000 1234',
        openingHours: 'Monday to Saturday',
        social: { youtube: 'https://www.youtube.com/@darulilm' },
      },
    }),
  },
  'GET /api/uploads/*': {
    expect: all(200),
    request: (world) => {
      const dir = path.join(world.ctx.dataDir, 'uploads', 'books');
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, 'matrix.txt'), 'uploaded');
      return get('/api/uploads/books/matrix.txt');
    },
  },
  'GET /api/docs': { expect: all(200), request: () => get('/api/docs') },
  'GET /api/docs/json': { expect: all(200), request: () => get('/api/docs/json') },
  'GET /api/docs/yaml': { expect: all(200), request: () => get('/api/docs/yaml') },
  // The UI's index page sends the browser to /api/docs/.
  'GET /api/docs/static/index.html': { expect: all(302), request: () => get('/api/docs/static/index.html') },
  'GET /api/docs/static/*': { expect: all(200), request: () => get('/api/docs/static/swagger-ui.css') },
  'GET /api/docs/static/swagger-initializer.js': {
    expect: all(200),
    request: () => get('/api/docs/static/swagger-initializer.js'),
  },

  // Accounts: the credentials are in the body; a bearer token changes nothing.
  'POST /api/auth/register': {
    expect: all(201),
    request: (_world, role) => ({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        name: 'New Person',
        email: `new-${role}-${Date.now()}@example.com`,
        phone: '9830000000',
        password: 'a-good-password',
      },
    }),
  },
  'POST /api/auth/login': {
    expect: all(200),
    request: (world) => ({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: world.owner.email, password: OWNER_PASSWORD, role: 'user' },
    }),
  },
  'GET /api/auth/me': { expect: signedIn(), request: () => get('/api/auth/me') },
  'POST /api/auth/refresh-token': {
    expect: all(200),
    request: async (world) => ({
      method: 'POST',
      url: '/api/auth/refresh-token',
      payload: { refreshToken: await freshRefreshToken(world) },
    }),
  },
  'POST /api/auth/logout': {
    expect: all(200),
    request: async (world) => ({
      method: 'POST',
      url: '/api/auth/logout',
      payload: { refreshToken: await freshRefreshToken(world) },
    }),
  },
  'POST /api/password/forgot-password': {
    expect: all(200),
    request: (_world, role) => ({
      method: 'POST',
      url: '/api/password/forgot-password',
      payload: { email: `forgot-${role}@example.com` },
    }),
  },
  'POST /api/password/reset-password': {
    expect: all(200),
    request: async (world) => ({
      method: 'POST',
      url: '/api/password/reset-password',
      payload: { token: await freshResetToken(world), password: 'password123' },
    }),
  },

  // Profile and addresses belong to their user.
  'PUT /api/users/profile/:userId': {
    expect: owned(),
    request: (world) => ({
      method: 'PUT',
      url: `/api/users/profile/${world.owner.id}`,
      payload: { name: 'Owner', email: world.owner.email, phone: '9876543210' },
    }),
  },
  // An admin's own display name: customers have none, another admin's is not theirs to set.
  'PUT /api/users/display-name/:userId': {
    expect: adminOnly(),
    request: (world) => ({
      method: 'PUT',
      url: `/api/users/display-name/${world.admin.id}`,
      payload: { displayName: 'Shaikh Abdullah' },
    }),
  },
  // More than one admin: admins only, except accepting a mailed invitation (the token is the credential).
  'GET /api/admins': { expect: adminOnly(), request: () => get('/api/admins') },
  'POST /api/admins/invites': {
    expect: adminOnly(201),
    request: (_world, role) => ({
      method: 'POST',
      url: '/api/admins/invites',
      payload: { email: `invited-by-${role}@example.com` },
    }),
  },
  'DELETE /api/admins/invites/:id': {
    expect: adminOnly(),
    request: async (world) => ({
      method: 'DELETE',
      url: `/api/admins/invites/${(await createInvite(db(world), { invitedById: world.admin.id })).id}`,
    }),
  },
  'DELETE /api/admins/:id': {
    expect: adminOnly(),
    request: async (world) => ({
      method: 'DELETE',
      url: `/api/admins/${(await createUser(db(world), { role: 'admin' })).id}`,
    }),
  },
  'POST /api/admins/invites/accept': {
    expect: all(201),
    request: async (world) => ({
      method: 'POST',
      url: '/api/admins/invites/accept',
      payload: {
        token: (await createInvite(db(world), { invitedById: world.admin.id })).token,
        name: 'New Admin',
        password: 'password123',
      },
    }),
  },
  'GET /api/addresses/:userId': {
    expect: owned(),
    request: (world) => get(`/api/addresses/${world.owner.id}`),
  },
  'POST /api/addresses': {
    expect: owned(201),
    request: (world) => ({
      method: 'POST',
      url: '/api/addresses',
      payload: { userId: world.owner.id, address: validAddress },
    }),
  },
  'PUT /api/addresses/:addressId': [
    {
      expect: owned(),
      request: async (world) => ({
        method: 'PUT',
        url: `/api/addresses/${(await createAddress(db(world), world.owner.id)).id}`,
        payload: { userId: world.owner.id, address: validAddress },
      }),
    },
    {
      name: "the owner's address with the caller's own id",
      expect: { guest: 401, user: 200, other: 404, admin: 404 },
      request: async (world, role) => ({
        method: 'PUT',
        url: `/api/addresses/${(await createAddress(db(world), world.owner.id)).id}`,
        payload: { userId: ownIdOf(world, role), address: validAddress },
      }),
    },
  ],
  'DELETE /api/addresses/:addressId': [
    {
      expect: owned(),
      request: async (world) => ({
        method: 'DELETE',
        url: `/api/addresses/${(await createAddress(db(world), world.owner.id)).id}`,
        payload: { userId: world.owner.id },
      }),
    },
    {
      name: "the owner's address with the caller's own id",
      expect: { guest: 401, user: 200, other: 404, admin: 404 },
      request: async (world, role) => ({
        method: 'DELETE',
        url: `/api/addresses/${(await createAddress(db(world), world.owner.id)).id}`,
        payload: { userId: ownIdOf(world, role) },
      }),
    },
  ],

  // Books: public reads, admin writes.
  'GET /api/books': { expect: all(200), request: () => get('/api/books') },
  'GET /api/books/:id': {
    expect: all(200),
    request: async (world) => get(`/api/books/${(await createBook(db(world))).id}`),
  },
  'POST /api/books': {
    expect: adminOnly(201),
    request: async () => ({ method: 'POST', url: '/api/books', ...(await bookForm()) }),
  },
  'PUT /api/books/:id': {
    expect: adminOnly(),
    request: async (world) => ({
      method: 'PUT',
      url: `/api/books/${(await createBook(db(world))).id}`,
      payload: { name: 'Renamed', description: 'New text', author: 'Someone', price: 99 },
    }),
  },
  'PUT /api/books/:id/images': {
    expect: adminOnly(),
    request: async (world) => {
      const images = ['/images/book-a.webp', '/images/book-b.webp'];
      const book = await createBook(db(world), { images });
      return {
        method: 'PUT',
        url: `/api/books/${book.id}/images`,
        payload: { order: [...images].reverse() },
      };
    },
  },
  'DELETE /api/books/:id': {
    expect: adminOnly(),
    request: async (world) => ({ method: 'DELETE', url: `/api/books/${(await createBook(db(world))).id}` }),
  },

  // The server cart: the caller's own; a userId in the body must be theirs.
  'GET /api/cart': { expect: customerOnly(200), request: () => get('/api/cart') },
  'POST /api/cart/add': {
    expect: customerOnly(403),
    request: async (world) => ({
      method: 'POST',
      url: '/api/cart/add',
      payload: { bookId: (await createBook(db(world))).id, quantity: 1, userId: world.owner.id },
    }),
  },
  'PATCH /api/cart/update': {
    expect: customerOnly(403),
    request: async (world) => ({
      method: 'PATCH',
      url: '/api/cart/update',
      payload: { bookId: (await bookInOwnersCart(world)).id, quantity: 2, userId: world.owner.id },
    }),
  },
  'DELETE /api/cart/remove': {
    expect: customerOnly(403),
    request: async (world) => ({
      method: 'DELETE',
      url: '/api/cart/remove',
      payload: { bookId: (await bookInOwnersCart(world)).id, userId: world.owner.id },
    }),
  },
  'DELETE /api/cart/clear': {
    expect: customerOnly(200),
    request: () => ({ method: 'DELETE', url: '/api/cart/clear' }),
  },
  'POST /api/cart/merge': {
    expect: customerOnly(200),
    request: async (world) => ({
      method: 'POST',
      url: '/api/cart/merge',
      payload: { lines: [{ bookId: (await createBook(db(world))).id, quantity: 1 }] },
    }),
  },
  // The guest cart's current prices: what the book pages show, to everyone.
  'POST /api/cart/prices': {
    expect: all(200),
    request: async (world) => ({
      method: 'POST',
      url: '/api/cart/prices',
      payload: { bookIds: [(await createBook(db(world))).id] },
    }),
  },

  // Orders: a customer's own list; the desk is admin-only.
  'GET /api/orders/:userId': {
    expect: owned(),
    request: async (world) => {
      await createOrder(db(world), { userId: world.owner.id });
      return get(`/api/orders/${world.owner.id}?page=1`);
    },
  },
  'GET /api/orders/:userId/:orderId': [
    {
      name: "the owner's order under the owner's id",
      expect: owned(),
      request: async (world) =>
        get(`/api/orders/${world.owner.id}/${(await createOrder(db(world), { userId: world.owner.id })).id}`),
    },
    {
      // Another customer asking under their own id: the order is missing to them, not forbidden.
      name: "the owner's order under the caller's own id",
      expect: { guest: 401, user: 200, other: 404, admin: 404 },
      request: async (world, role) =>
        get(
          `/api/orders/${ownIdOf(world, role)}/${(await createOrder(db(world), { userId: world.owner.id })).id}`,
        ),
    },
  ],
  'GET /api/orders/admin/all': {
    expect: adminOnly(),
    request: () => get('/api/orders/admin/all?page=1&status=all&search=ord'),
  },
  'GET /api/orders/admin/export-csv': {
    expect: adminOnly(),
    request: () => get('/api/orders/admin/export-csv?status=pending'),
  },
  'GET /api/orders/admin/:id': {
    expect: adminOnly(),
    request: async (world) =>
      get(`/api/orders/admin/${(await createOrder(db(world), { userId: world.owner.id })).id}`),
  },
  'PATCH /api/orders/admin/:id/status': {
    expect: adminOnly(),
    request: async (world) => ({
      method: 'PATCH',
      url: `/api/orders/admin/${(await createOrder(db(world))).id}/status`,
      payload: { status: 'shipped' },
    }),
  },
  'PATCH /api/orders/admin/:id/fulfillment': {
    expect: adminOnly(),
    request: async (world) => ({
      method: 'PATCH',
      url: `/api/orders/admin/${(await createOrder(db(world))).id}/fulfillment`,
      payload: { trackingNumber: 'TRK123', shippingProvider: 'DTDC', notes: 'Fragile' },
    }),
  },
  // An order made without a payment at Razorpay: nothing to refund (400), but it can be cancelled.
  'POST /api/orders/admin/:id/refunds': {
    expect: adminOnly(400),
    request: async (world) => ({
      method: 'POST',
      url: `/api/orders/admin/${(await createOrder(db(world))).id}/refunds`,
      payload: { amount: 10, reason: 'A damaged copy' },
    }),
  },
  'POST /api/orders/admin/:id/cancel': {
    expect: adminOnly(),
    request: async (world) => ({
      method: 'POST',
      url: `/api/orders/admin/${(await createOrder(db(world))).id}/cancel`,
      payload: { reason: 'The customer asked' },
    }),
  },

  // Fatwahs: published ones for everyone, drafts and the desk for admins.
  'GET /api/fatwahs/public': {
    expect: all(200),
    request: async (world) => {
      await createFatwah(db(world), { askerEmail: ASKER_EMAIL, askerName: 'Asker' });
      return get('/api/fatwahs/public?page=1&limit=10');
    },
  },
  'GET /api/fatwahs/categories': { expect: all(200), request: () => get('/api/fatwahs/categories') },
  'GET /api/fatwahs/:id': [
    {
      expect: all(200),
      request: async (world) =>
        get(`/api/fatwahs/${(await createFatwah(db(world), { askerEmail: ASKER_EMAIL })).id}`),
    },
    {
      name: 'a draft',
      expect: { guest: 404, user: 404, other: 404, admin: 200 },
      request: async (world) =>
        get(
          `/api/fatwahs/${(await createFatwah(db(world), { status: 'draft', askerEmail: ASKER_EMAIL })).id}`,
        ),
    },
  ],
  'POST /api/fatwahs/submit': {
    expect: all(201),
    request: () => ({
      method: 'POST',
      url: '/api/fatwahs/submit',
      payload: { question: 'May I pray while travelling?', categories: ['Prayer'], askerEmail: ASKER_EMAIL },
    }),
  },
  'GET /api/fatwahs': { expect: adminOnly(), request: () => get('/api/fatwahs?status=all&page=1') },
  'POST /api/fatwahs': {
    expect: adminOnly(201),
    request: () => ({
      method: 'POST',
      url: '/api/fatwahs',
      payload: { question: 'A question?', answer: 'An answer.', categories: ['Prayer'], status: 'draft' },
    }),
  },
  'PUT /api/fatwahs/:id': {
    expect: adminOnly(),
    request: async (world) => ({
      method: 'PUT',
      url: `/api/fatwahs/${(await createFatwah(db(world), { status: 'pending' })).id}`,
      payload: { status: 'published' },
    }),
  },
  'DELETE /api/fatwahs/:id': {
    expect: adminOnly(),
    request: async (world) => ({
      method: 'DELETE',
      url: `/api/fatwahs/${(await createFatwah(db(world))).id}`,
    }),
  },

  // Articles: published ones for everyone, the editors' desk for admins.
  'GET /api/articles/published': {
    expect: all(200),
    request: () => get('/api/articles/published?page=1&limit=12&sortBy=publishedAt&sortOrder=desc'),
  },
  'GET /api/articles/published/:id': [
    {
      expect: all(200),
      request: async (world) => get(`/api/articles/published/${(await createArticle(db(world))).id}`),
    },
    {
      name: 'a draft',
      expect: all(404),
      request: async (world) =>
        get(`/api/articles/published/${(await createArticle(db(world), { isPublished: false })).id}`),
    },
  ],
  'GET /api/articles/recent': { expect: all(200), request: () => get('/api/articles/recent?limit=3') },
  'GET /api/articles/admin/all': {
    expect: adminOnly(),
    request: () => get('/api/articles/admin/all?page=1'),
  },
  'GET /api/articles/admin/stats': { expect: adminOnly(), request: () => get('/api/articles/admin/stats') },
  'GET /api/articles/admin/:id': {
    expect: adminOnly(),
    request: async (world) =>
      get(`/api/articles/admin/${(await createArticle(db(world), { isPublished: false })).id}`),
  },
  'POST /api/articles/admin': {
    expect: adminOnly(201),
    request: () => ({ method: 'POST', url: '/api/articles/admin', payload: articleBody }),
  },
  'POST /api/articles/admin/images': {
    expect: adminOnly(201),
    request: async () => {
      const form = new FormData();
      form.append('image', new Blob([new Uint8Array(await makeImage('png', 40, 40))]), 'featured.png');
      const response = new Response(form);
      return {
        method: 'POST',
        url: '/api/articles/admin/images',
        payload: Buffer.from(await response.arrayBuffer()),
        headers: { 'content-type': response.headers.get('content-type') ?? '' },
      };
    },
  },
  'PUT /api/articles/admin/:id': {
    expect: adminOnly(),
    request: async (world) => ({
      method: 'PUT',
      url: `/api/articles/admin/${(await createArticle(db(world))).id}`,
      payload: articleBody,
    }),
  },
  'DELETE /api/articles/admin/:id': {
    expect: adminOnly(),
    request: async (world) => ({
      method: 'DELETE',
      url: `/api/articles/admin/${(await createArticle(db(world))).id}`,
    }),
  },
  'PATCH /api/articles/admin/:id/toggle-publish': {
    expect: adminOnly(),
    request: async (world) => ({
      method: 'PATCH',
      url: `/api/articles/admin/${(await createArticle(db(world))).id}/toggle-publish`,
    }),
  },

  // Payments: guests and customers pay; the payment of a customer is theirs to verify.
  'GET /api/payments/checkout-config': {
    expect: all(200),
    request: () => get('/api/payments/checkout-config'),
  },
  'POST /api/payments/create-razorpay-order': {
    // Another customer naming the owner's saved address gets the "add an address" answer (400), never the address.
    expect: { guest: 200, user: 200, other: 400, admin: 403 },
    request: async (world) => ({
      method: 'POST',
      url: '/api/payments/create-razorpay-order',
      payload: {
        cartItems: [{ book: (await createBook(db(world))).id, quantity: 1 }],
        selectedAddress: { _id: (await createAddress(db(world), world.owner.id)).id },
        guestInfo,
      },
    }),
  },
  'POST /api/payments/verify-razorpay-payment': {
    name: "the owner's payment",
    expect: { guest: 401, user: 200, other: 403, admin: 200 },
    request: async (world) => ({
      method: 'POST',
      url: '/api/payments/verify-razorpay-payment',
      payload: await ownerPaidCheckout(world),
    }),
  },
  // The webhook is authenticated by its signature alone.
  'POST /api/payments/razorpay-webhook': [
    {
      name: 'signed with the webhook secret',
      expect: all(200),
      request: (world) => ({
        method: 'POST',
        url: '/api/payments/razorpay-webhook',
        ...signedWebhook(world, { event: 'payment.authorized', payload: {} }),
      }),
    },
    {
      name: 'signed with another secret',
      expect: all(400),
      request: (world) => ({
        method: 'POST',
        url: '/api/payments/razorpay-webhook',
        ...signedWebhook(world, { event: 'payment.captured', payload: {} }, 'not-the-webhook-secret'),
      }),
    },
  ],

  // The sandbox's Razorpay API takes the key pair (basic auth) only; its checkout page and "Pay" are public.
  'POST /api/payments/sandbox/v1/orders': [
    {
      name: 'with a bearer token or nothing',
      failure: 'razorpay',
      expect: all(401),
      request: () => ({
        method: 'POST',
        url: '/api/payments/sandbox/v1/orders',
        payload: { amount: 10_000, currency: 'INR' },
      }),
    },
    {
      name: 'with the key pair',
      auth: 'basic',
      expect: all(200),
      request: () => ({
        method: 'POST',
        url: '/api/payments/sandbox/v1/orders',
        payload: { amount: 10_000, currency: 'INR' },
      }),
    },
  ],
  'GET /api/payments/sandbox/v1/orders/:id': [
    {
      expect: all(401),
      failure: 'razorpay',
      request: async (world) => get(`/api/payments/sandbox/v1/orders/${await sandboxOrder(world)}`),
    },
    {
      name: 'with the key pair',
      auth: 'basic',
      expect: all(200),
      request: async (world) => get(`/api/payments/sandbox/v1/orders/${await sandboxOrder(world)}`),
    },
  ],
  'GET /api/payments/sandbox/v1/orders/:id/payments': [
    {
      expect: all(401),
      failure: 'razorpay',
      request: async (world) => get(`/api/payments/sandbox/v1/orders/${await sandboxOrder(world)}/payments`),
    },
    {
      name: 'with the key pair',
      auth: 'basic',
      expect: all(200),
      request: async (world) => get(`/api/payments/sandbox/v1/orders/${await sandboxOrder(world)}/payments`),
    },
  ],
  'GET /api/payments/sandbox/v1/payments/:id': [
    {
      expect: all(401),
      failure: 'razorpay',
      request: async (world) =>
        get(`/api/payments/sandbox/v1/payments/${(await ownerPaidCheckout(world)).razorpay_payment_id}`),
    },
    {
      name: 'with the key pair',
      auth: 'basic',
      expect: all(200),
      request: async (world) =>
        get(`/api/payments/sandbox/v1/payments/${(await ownerPaidCheckout(world)).razorpay_payment_id}`),
    },
  ],
  'POST /api/payments/sandbox/v1/payments/:id/refund': [
    {
      expect: all(401),
      failure: 'razorpay',
      request: async (world) => ({
        method: 'POST',
        url: `/api/payments/sandbox/v1/payments/${await sandboxPayment(world)}/refund`,
        payload: { amount: 1_000, notes: { reason: 'matrix' }, receipt: 'matrix' },
      }),
    },
    {
      name: 'with the key pair',
      auth: 'basic',
      expect: all(200),
      request: async (world) => ({
        method: 'POST',
        url: `/api/payments/sandbox/v1/payments/${await sandboxPayment(world)}/refund`,
        payload: { amount: 1_000, notes: { reason: 'matrix' }, receipt: 'matrix' },
      }),
    },
  ],
  'GET /api/payments/sandbox/v1/payments/:id/refunds': [
    {
      expect: all(401),
      failure: 'razorpay',
      request: async (world) =>
        get(`/api/payments/sandbox/v1/payments/${await sandboxPayment(world)}/refunds`),
    },
    {
      name: 'with the key pair',
      auth: 'basic',
      expect: all(200),
      request: async (world) =>
        get(`/api/payments/sandbox/v1/payments/${await sandboxPayment(world)}/refunds`),
    },
  ],
  'GET /api/payments/sandbox/v1/refunds/:id': [
    {
      expect: all(401),
      failure: 'razorpay',
      request: async (world) => get(`/api/payments/sandbox/v1/refunds/${await sandboxRefund(world)}`),
    },
    {
      name: 'with the key pair',
      auth: 'basic',
      expect: all(200),
      request: async (world) => get(`/api/payments/sandbox/v1/refunds/${await sandboxRefund(world)}`),
    },
  ],
  'GET /api/payments/sandbox/checkout.js': {
    expect: all(200),
    request: () => get('/api/payments/sandbox/checkout.js'),
  },
  'POST /api/payments/sandbox/orders/:orderId/pay': {
    expect: all(200),
    request: async (world) => ({
      method: 'POST',
      url: `/api/payments/sandbox/orders/${await sandboxOrder(world)}/pay`,
      payload: { outcome: 'success', webhook: false },
    }),
  },
};
