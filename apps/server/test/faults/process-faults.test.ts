// @database: server processes killed mid-write
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SANDBOX_KEYS } from '../../src/config';
import { makeNoisyImage } from '../support/test-images';
import { hmacHex } from '../../src/payments/signature';
import { fakeWebDist } from '../support/app';
import { freePort } from '../support/pg-cluster';
import {
  startServer,
  waitHealthy,
  withMigratedDatabase,
  type ServerProcess,
} from '../support/server-process';

/**
 * The real server process on the embedded database in a throwaway DATA_DIR: killed with SIGKILL between a payment
 * and its verification, and stopped with SIGTERM while a request is in flight. Once per run (PGlite project).
 */
const embedded = process.env.TEST_DB !== 'postgres';

const ADMIN = { email: 'faults-admin@example.org', password: 'faults-admin-password' };
const guestInfo = {
  name: 'Ayesha Siddiqui',
  email: 'ayesha@example.com',
  phone: '9830098300',
  address: { addressLine1: '3 Marquis Street', city: 'Kolkata', state: 'West Bengal', pincode: '700016' },
};

describe.runIf(embedded)('the server process under faults', () => {
  let dataDir: string;
  let port: number;
  let env: Record<string, string>;
  let server: ServerProcess | undefined;
  let base: string;
  let adminToken: string;
  const running = new Set<ServerProcess>();

  const start = async () => {
    const next = startServer(env);
    running.add(next);
    void next.exited.then(() => running.delete(next));
    await waitHealthy(port, next);
    return next;
  };
  const api = async (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of several shapes, read field by field
    return { status: res.status, json: (await res.json()) as Record<string, any> };
  };
  /** Waits until the server no longer takes requests: its listener is closed, or it answers 503 while closing. */
  const closing = async () => {
    await vi.waitFor(
      async () => {
        const status = await fetch(`${base}/api/health`).then(
          (res) => res.status,
          () => 'refused',
        );
        expect(status).not.toBe(200);
      },
      { timeout: 10_000, interval: 20 },
    );
  };
  const login = async () => {
    const res = await api('POST', '/api/auth/login', { ...ADMIN, role: 'admin' });
    return res.json.data.accessToken as string;
  };
  const orderCount = async () => {
    const res = await api('GET', '/api/orders/admin/all', undefined, {
      authorization: `Bearer ${adminToken}`,
    });
    return res.json.data.stats.totalOrders as number;
  };

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scholar-faults-'));
    withMigratedDatabase(dataDir);
    port = await freePort();
    base = `http://127.0.0.1:${port}`;
    env = {
      DATA_DIR: dataDir,
      PORT: String(port),
      WEB_DIST_DIR: fakeWebDist(dataDir),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // The request lines and the shutdown line are what the tests wait on.
      LOG_LEVEL: 'info',
    };
  });

  afterAll(async () => {
    for (const child of running) child.child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** A multipart form of a new book with `images` pictures, as the admin's browser sends it. */
  async function bookForm(images: Buffer[]) {
    const form = new FormData();
    form.append('name', 'The Book of Assistance');
    form.append('description', 'A classic of the path.');
    form.append('author', 'Imam al-Haddad');
    form.append('price', '300');
    for (const [i, image] of images.entries()) {
      form.append('images', new Blob([new Uint8Array(image)], { type: 'image/png' }), `cover-${i}.png`);
    }
    const response = new Response(form);
    return {
      payload: Buffer.from(await response.arrayBuffer()),
      contentType: response.headers.get('content-type') ?? '',
    };
  }

  it('SIGKILL after a sandbox payment and before verification: the webhook still makes the one order', async () => {
    server = await start();
    adminToken = await login();
    const form = await bookForm([await makeNoisyImage('png', 200, 200)]);
    const created = await fetch(`${base}/api/books`, {
      method: 'POST',
      headers: { 'content-type': form.contentType, authorization: `Bearer ${adminToken}` },
      body: form.payload,
    });
    expect(created.status).toBe(201);
    const book = ((await created.json()) as { data: { _id: string } }).data;

    const checkout = await api('POST', '/api/payments/create-razorpay-order', {
      cartItems: [{ book: book._id, quantity: 2 }],
      guestInfo,
    });
    expect(checkout.status).toBe(200);
    // The customer pays; the sandbox's own webhooks are held back, as if Razorpay had not sent them yet.
    const paid = await api('POST', `/api/payments/sandbox/orders/${checkout.json.orderId}/pay`, {
      outcome: 'success',
      webhook: false,
    });
    const ids = paid.json as {
      razorpay_order_id: string;
      razorpay_payment_id: string;
      razorpay_signature: string;
    };
    const basic = `Basic ${Buffer.from(`${SANDBOX_KEYS.keyId}:${SANDBOX_KEYS.keySecret}`).toString('base64')}`;
    const entity = (
      await api('GET', `/api/payments/sandbox/v1/payments/${ids.razorpay_payment_id}`, undefined, {
        authorization: basic,
      })
    ).json;
    expect(entity).toMatchObject({ status: 'captured', order_id: ids.razorpay_order_id });

    // The browser never comes back: the server dies at once, without any chance to clean up.
    server.child.kill('SIGKILL');
    await server.exited;
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(true);

    // Restarted on the same folder (the dead process's lock is taken over), Razorpay delivers its webhook.
    server = await start();
    adminToken = await login();
    expect(await orderCount()).toBe(0);
    const event = (name: string, eventId: string) => {
      const raw = JSON.stringify({
        entity: 'event',
        event: name,
        payload: { payment: { entity } },
        created_at: Math.floor(Date.now() / 1000),
      });
      return fetch(`${base}/api/payments/razorpay-webhook`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': hmacHex(SANDBOX_KEYS.webhookSecret, raw),
          'x-razorpay-event-id': eventId,
        },
        body: raw,
      });
    };
    const delivered = await event('payment.captured', 'evt_after_crash_1');
    expect(delivered.status).toBe(200);
    expect(await delivered.json()).toEqual({ success: true, status: 'processed' });
    // Razorpay retries the same event and sends order.paid as well: still one order.
    expect(await (await event('payment.captured', 'evt_after_crash_1')).json()).toEqual({
      success: true,
      status: 'duplicate',
    });
    expect((await event('order.paid', 'evt_after_crash_2')).status).toBe(200);
    expect(await orderCount()).toBe(1);

    // The browser comes back after all: the same order.
    const verified = await api('POST', '/api/payments/verify-razorpay-payment', ids);
    expect(verified.status).toBe(200);
    const all = await api('GET', '/api/orders/admin/all', undefined, {
      authorization: `Bearer ${adminToken}`,
    });
    expect(verified.json.order._id).toBe(all.json.data.orders[0]._id);
    expect(verified.json.order).toMatchObject({ amount: 650, txnId: ids.razorpay_payment_id });
    expect(await orderCount()).toBe(1);
  }, 120_000);

  /** A request whose headers and first half are sent now, and the rest when `finish` is called. */
  function halfSent(url: string, body: Buffer, headers: Record<string, string>) {
    let finish!: () => void;
    let sent!: Promise<void>;
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        `${base}${url}`,
        { method: 'POST', headers: { ...headers, 'content-length': String(body.length) } },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on('error', reject);
      const half = Math.floor(body.length / 2);
      finish = () => req.end(body.subarray(half));
      sent = new Promise((resolveSent) => req.write(body.subarray(0, half), () => resolveSent()));
    });
    return { sent, finish: () => finish(), answer };
  }

  it('SIGTERM with an upload and a checkout in flight: both finish, the process exits 0, nothing is half-written', async () => {
    expect(server, 'the server of the previous test').toBeDefined();
    const images = await Promise.all([1, 2, 3].map(() => makeNoisyImage('png', 1200, 900)));
    const form = await bookForm(images);
    const books0 = (await api('GET', '/api/books')).json.data as { _id: string }[];
    const json = (value: unknown) => Buffer.from(JSON.stringify(value));

    // A paid checkout whose verification will be in flight, and a new checkout being opened.
    const opened = await api('POST', '/api/payments/create-razorpay-order', {
      cartItems: [{ book: books0[0]!._id, quantity: 1 }],
      guestInfo,
    });
    const paid = await api('POST', `/api/payments/sandbox/orders/${opened.json.orderId}/pay`, {
      outcome: 'success',
      webhook: false,
    });
    const inFlight = [
      '/api/books',
      '/api/payments/create-razorpay-order',
      '/api/payments/verify-razorpay-payment',
    ];
    const mark = server!.output().length;
    const upload = halfSent('/api/books', form.payload, {
      'content-type': form.contentType,
      authorization: `Bearer ${adminToken}`,
    });
    const checkout = halfSent(
      '/api/payments/create-razorpay-order',
      json({ cartItems: [{ book: books0[0]!._id, quantity: 3 }], guestInfo }),
      { 'content-type': 'application/json' },
    );
    const verify = halfSent('/api/payments/verify-razorpay-payment', json(paid.json), {
      'content-type': 'application/json',
    });
    await Promise.all([upload.sent, checkout.sent, verify.sent]);
    // The server has begun all three (it logs each request as it starts), so they are in flight at the signal.
    await server!.printed(
      (text) => inFlight.every((url) => text.includes(`"method":"POST","url":"${url}"`)),
      mark,
    );
    server!.child.kill('SIGTERM');
    await server!.printed((text) => text.includes('shutting down: finishing in-flight requests'), mark);
    await closing();
    for (const request of [upload, checkout, verify]) request.finish();

    const opening = await checkout.answer;
    expect(opening.status, opening.body).toBe(200);
    expect(JSON.parse(opening.body)).toMatchObject({ success: true, amount: 100_000 });
    const verifying = await verify.answer;
    expect(verifying.status, verifying.body).toBe(200);
    expect(JSON.parse(verifying.body).order.txnId).toBe(paid.json.razorpay_payment_id);

    const res = await upload.answer;
    expect(res.status, res.body).toBe(201);
    const book = (JSON.parse(res.body) as { data: { _id: string; images: string[] } }).data;
    expect(book.images).toHaveLength(3);
    expect(await server!.exited, server!.output()).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);

    // After a restart: the book and every file it names are there; no stray files; still one order.
    server = await start();
    const stored = await api('GET', `/api/books/${book._id}`);
    expect(stored.status).toBe(200);
    expect(stored.json.data.images).toEqual(book.images);
    for (const image of book.images) {
      const file = await fetch(`${base}${image}`);
      expect(file.status, image).toBe(200);
      // Read to the end: an unread body keeps its connection busy, and a busy connection holds up a clean stop.
      expect((await file.arrayBuffer()).byteLength, image).toBeGreaterThan(0);
    }
    const books = (await api('GET', '/api/books')).json.data as { images: string[] }[];
    const named = new Set(
      books.flatMap((b) => b.images).map((image) => path.basename(image, path.extname(image))),
    );
    const onDisk = fs.readdirSync(path.join(dataDir, 'uploads', 'books'));
    expect(onDisk.filter((file) => ![...named].some((name) => file.startsWith(name)))).toEqual([]);
    adminToken = await login();
    expect(await orderCount()).toBe(2);
    server.child.kill('SIGTERM');
    expect(await server.exited, server.output()).toBe(0);
  }, 120_000);
});
