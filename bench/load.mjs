#!/usr/bin/env node
// A loopback load test of the real server process on a throwaway DATA_DIR (the embedded database, or the
// PostgreSQL of --database-url): mixed traffic of browsing, fatwah search, articles, a customer's cart and the
// whole checkout (Razorpay order, sandbox payment with its webhooks, verification). Prints requests per second,
// latency percentiles, failed requests per step (a wrong answer, a timeout or a broken connection; must be 0), the
// server's error log lines (must be 0) and its memory; exits 1 on any failure, any error line, or when the memory
// grows: the median RSS of the last third of the run more than 10 % and 20 MB above that of the first third, both
// taken after the first quarter (warm-up), or passes its budget (RSS_BUDGETS_MB, docs/performance.md "Memory").
// The server is the built one, run as `npm start` runs it. What holds its memory (V8's heap, buffers, the embedded
// database's WebAssembly memory, the public cache, libvips) is read from `GET /api/admin/memory` at rest, at the
// sample of highest RSS and at the end.
//
//   node bench/load.mjs [--connections 100] [--duration 60] [--database-url postgres://…] [--log-level warn]
//   npm run bench:load          # 100 connections, 60 s
//   npm run soak                # 100 connections, 10 minutes
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { ensureBuilt, SERVER_HEAP_FLAG, serverEntry } from '../scripts/lib/build.mjs';
import { freePort } from '../scripts/lib/free-port.mjs';
import { apiJson, rssMb } from './lib/server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: args } = parseArgs({
  options: {
    connections: { type: 'string', default: process.env.LOAD_CONNECTIONS ?? '100' },
    duration: { type: 'string', default: process.env.LOAD_DURATION ?? '60' },
    'database-url': { type: 'string', default: process.env.LOAD_DATABASE_URL },
    'log-level': { type: 'string', default: 'warn' },
  },
});
const connections = Number(args.connections);
const duration = Number(args.duration);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scholar-load-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
/**
 * The most the server's RSS may reach over the run, and hold at its end, by database (docs/performance.md,
 * "Memory"): set from the figures measured, with room for a busier machine's scheduling.
 */
const RSS_BUDGETS_MB = { pglite: { peak: 700, end: 650 }, postgres: { peak: 450, end: 400 } };
const ADMIN = { email: 'load-admin@example.com', password: 'load-admin-password' };

ensureBuilt();
const server = spawn(process.execPath, [SERVER_HEAP_FLAG, serverEntry], {
  cwd: root,
  env: {
    ...process.env,
    // Production's code paths (JSON logs) with the Razorpay sandbox, which production refuses.
    NODE_ENV: 'test',
    RAZORPAY_SANDBOX: 'true',
    LOG_LEVEL: args['log-level'],
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_URL: base,
    SEED_DEMO: 'true',
    // The first start makes this admin, who reads the memory figures.
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    // The customers below register and check out from addresses of their own, written in X-Forwarded-For on this
    // machine as one reverse proxy would (the per-address limits stay on).
    TRUST_PROXY: '1',
    ...(args['database-url'] ? { DATABASE_URL: args['database-url'] } : {}),
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
// The server's own log, passed through; an error line (a 500, a failed internal webhook) counts as an error too.
let serverErrors = 0;
for (const stream of [server.stdout, server.stderr]) {
  let rest = '';
  stream.on('data', (chunk) => {
    const lines = (rest + chunk.toString()).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) {
      if (/"level":(50|60)/.test(line)) serverErrors += 1;
      process.stdout.write(`${line}\n`);
    }
  });
}
const exited = new Promise((resolve) => server.on('exit', (code) => resolve(code)));
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  server.kill('SIGTERM');
  const code = await exited;
  fs.rmSync(dataDir, { recursive: true, force: true });
  return code;
};
process.on('SIGINT', () => void stop().then(() => process.exit(130)));

const api = (method, url, body, headers) => apiJson(base, method, url, body, headers);

try {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error('the server exited during start-up');
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the server did not become healthy');
    await new Promise((r) => setTimeout(r, 100));
  }

  // The shop's demo content, and one customer with a saved address per connection.
  const books = (await api('GET', '/api/books')).data;
  const words = ['prayer', 'fasting', 'zakat', 'marriage', 'travel', 'namaz', 'wudu', 'business'];
  const customers = [];
  for (let i = 0; i < connections; i += 8) {
    const batch = Array.from({ length: Math.min(8, connections - i) }, async (_, j) => {
      const n = i + j;
      const ip = `10.${Math.floor(n / 250)}.${n % 250}.1`;
      const registered = await api(
        'POST',
        '/api/auth/register',
        { name: `Load ${n}`, email: `load-${n}@example.com`, phone: '9830000000', password: 'load-password' },
        { 'x-forwarded-for': ip },
      );
      const { accessToken, user } = registered.data;
      const auth = { authorization: `Bearer ${accessToken}` };
      const withAddress = await api(
        'POST',
        '/api/addresses',
        {
          userId: user._id,
          address: {
            addressLine1: `${n} Park Street`,
            city: 'Kolkata',
            state: 'West Bengal',
            pincode: '700016',
          },
        },
        auth,
      );
      return { id: user._id, auth, addressId: withAddress.data.user.addresses[0]._id };
    });
    customers.push(...(await Promise.all(batch)));
  }
  // Access tokens last 15 minutes; a soak longer than that would need refreshes.
  if (duration > 14 * 60) console.warn('note: runs over 14 minutes outlive the customers’ access tokens');

  let checkouts = 0;
  let buyerAddresses = 0;
  let readerAddresses = 0;
  // Books are bought from those whose stock is not counted (they never run out): a long run (`npm run soak`) would
  // otherwise sell the counted ones out and measure refusals. Every book is browsed.
  const forSale = books.filter((book) => book.stock === null);
  if (forSale.length === 0) throw new Error('no demo book with an uncounted stock to buy');
  const pick = (list) => list[Math.floor(Math.random() * list.length)];
  const json = (req, conn, body) => ({
    ...req,
    headers: { ...req.headers, 'content-type': 'application/json', ...conn.customer.auth },
    body: JSON.stringify(body),
  });
  // One cycle of a connection, step by step. `check` says what is wrong with an answer (nothing when it is right).
  const ok = (status) => (status >= 200 && status < 300 ? undefined : status);
  /**
   * The address of a visitor's read: each from one of many, as a site's visitors come (the per-address read limits
   * stay on, and a long run from one address would measure them).
   */
  const readerAddress = () => {
    readerAddresses += 1;
    return `10.${100 + ((readerAddresses >> 16) & 63)}.${(readerAddresses >> 8) & 255}.${readerAddresses & 255}`;
  };
  /** A step that reads a public path (no session: what any visitor asks for) and wants a success. */
  const read = (group, name, path) => ({
    group,
    name,
    request: (req, conn) => ({
      ...req,
      method: 'GET',
      path: path(conn),
      headers: { ...req.headers, 'x-forwarded-for': readerAddress() },
    }),
    check: ok,
  });
  /** A step that sends the customer's JSON body and wants a success. */
  const send = (group, name, method, path, body) => ({
    group,
    name,
    request: (req, conn) => ({ ...json(req, conn, body(conn)), method, path }),
    check: ok,
  });
  const steps = [
    {
      group: 'browse',
      name: 'books',
      request: (req, conn) => {
        conn.book = pick(books);
        conn.buy = pick(forSale);
        return {
          ...req,
          method: 'GET',
          path: '/api/books',
          headers: { ...req.headers, 'x-forwarded-for': readerAddress() },
        };
      },
      check: ok,
    },
    read('browse', 'book', (conn) => `/api/books/${conn.book._id}`),
    read('search', 'fatwah search', () => `/api/fatwahs/public?search=${pick(words)}&page=1&limit=10`),
    read('browse', 'fatwahs', () => '/api/fatwahs/public?page=2&limit=10'),
    read(
      'browse',
      'articles',
      () => '/api/articles/published?page=1&limit=12&sortBy=publishedAt&sortOrder=desc',
    ),
    read('browse', 'recent articles', () => '/api/articles/recent?limit=3'),
    send('cart', 'cart add', 'POST', '/api/cart/add', (conn) => ({
      bookId: conn.buy._id,
      quantity: 1,
      userId: conn.customer.id,
    })),
    send('cart', 'cart update', 'PATCH', '/api/cart/update', (conn) => ({
      bookId: conn.buy._id,
      quantity: 2,
      userId: conn.customer.id,
    })),
    {
      group: 'cart',
      name: 'cart',
      request: (req, conn) => ({
        ...req,
        method: 'GET',
        path: '/api/cart',
        headers: { ...req.headers, ...conn.customer.auth },
      }),
      check: ok,
    },
    {
      group: 'checkout',
      name: 'create order',
      request: (req, conn) => {
        conn.orderId = undefined;
        const built = json(req, conn, {
          cartItems: [{ book: conn.buy._id, quantity: 2 }],
          selectedAddress: { _id: conn.customer.addressId },
        });
        // Checkouts are limited per address: each comes from an address of its own.
        buyerAddresses += 1;
        const address = `10.${200 + ((buyerAddresses >> 16) & 31)}.${(buyerAddresses >> 8) & 255}.${buyerAddresses & 255}`;
        return {
          ...built,
          headers: { ...built.headers, 'x-forwarded-for': address },
          method: 'POST',
          path: '/api/payments/create-razorpay-order',
        };
      },
      check: (status, body, conn) => {
        if (status === 200) conn.orderId = JSON.parse(body).orderId;
        return conn.orderId ? undefined : status;
      },
    },
    {
      group: 'checkout',
      name: 'sandbox pay',
      // Without an order the rest of the cycle is skipped (false: autocannon starts again at the first step).
      request: (req, conn) => {
        conn.payment = undefined;
        return (
          conn.orderId !== undefined && {
            ...json(req, conn, { outcome: 'success' }),
            method: 'POST',
            path: `/api/payments/sandbox/orders/${conn.orderId}/pay`,
          }
        );
      },
      check: (status, body, conn) => {
        if (status === 200) conn.payment = JSON.parse(body);
        return conn.payment ? undefined : status;
      },
    },
    {
      group: 'checkout',
      name: 'verify',
      request: (req, conn) =>
        conn.payment !== undefined && {
          ...json(req, conn, conn.payment),
          method: 'POST',
          path: '/api/payments/verify-razorpay-payment',
        },
      check: (status, body) => {
        if (status !== 200 || !JSON.parse(body).order?.orderNumber) return `${status} without an order`;
        checkouts += 1;
      },
    },
  ];
  for (const step of steps) Object.assign(step, { sent: 0, failures: new Map(), timeouts: 0, lost: 0 });

  // Each connection keeps its own customer and remembers the step it waits for. autocannon reports neither a
  // timeout nor a broken connection to the request's onResponse: it drops that request, reconnects and builds the
  // next one (and only then emits `timeout`). So a request built while the previous one is unanswered means the
  // previous one got no answer; a `timeout` right after says why. A step whose input is missing (its order was
  // not made) is not sent: one failure is counted once, at its own step.
  let clients = 0;
  const setupClient = (client) => {
    const conn = {
      customer: customers[clients++ % customers.length],
      waiting: undefined,
      dropped: undefined,
    };
    client.on('timeout', () => {
      if (conn.dropped) conn.dropped.timeouts += 1;
      conn.dropped = undefined;
    });
    client.setRequests(
      steps.map((step) => ({
        setupRequest: (req) => {
          if (conn.waiting) {
            conn.waiting.lost += 1;
            conn.dropped = conn.waiting;
            conn.waiting = undefined;
          }
          const built = step.request(req, conn);
          if (built) {
            conn.waiting = step;
            step.sent += 1;
          }
          return built;
        },
        onResponse: (status, body) => {
          conn.waiting = undefined;
          const wrong = step.check(status, body, conn);
          if (wrong === undefined) return;
          const failure = step.failures.get(wrong) ?? { count: 0, example: String(body).slice(0, 300) };
          failure.count += 1;
          step.failures.set(wrong, failure);
        },
      })),
    );
  };

  // Memory: sampled every second. The first quarter of the run is warm-up (the heap, the caches and the database's
  // buffers fill); after it, the median of the last third of the samples may not exceed the median of the first
  // third by more than RSS_GROWTH_PERCENT and RSS_GROWTH_MB at once.
  const RSS_GROWTH_PERCENT = 10;
  const RSS_GROWTH_MB = 20;
  const adminToken = (await api('POST', '/api/auth/login', ADMIN, { 'x-forwarded-for': '10.250.0.1' })).data
    .accessToken;
  const memory = async () =>
    (await api('GET', '/api/admin/memory', undefined, { authorization: `Bearer ${adminToken}` })).data;
  const atRest = await memory();
  const rssStart = rssMb(server.pid);
  const samples = [rssStart];
  // The breakdown at the highest RSS seen, read at most every 10 s (a read costs a few milliseconds).
  let atPeak = { rss: 0, figures: atRest };
  let lastRead = 0;
  const sampler = setInterval(() => {
    const rss = rssMb(server.pid);
    samples.push(rss);
    if (rss > atPeak.rss && Date.now() - lastRead > 10_000) {
      lastRead = Date.now();
      void memory().then(
        (figures) => (atPeak = { rss, figures }),
        () => undefined,
      );
    }
  }, 1_000);
  console.log(
    `load: ${connections} connections for ${duration} s against ${base} (${args['database-url'] ? 'PostgreSQL' : 'embedded database'}), RSS ${rssStart} MB`,
  );
  const result = await autocannon({ url: base, connections, duration, setupClient, timeout: 30 });
  clearInterval(sampler);
  const rssEnd = rssMb(server.pid);
  samples.push(rssEnd);
  const atEnd = await memory();
  const budget = RSS_BUDGETS_MB[args['database-url'] ? 'postgres' : 'pglite'];
  const rssPeak = Math.max(...samples);
  const overBudget = rssPeak > budget.peak || rssEnd > budget.end;
  const breakdown = (name, m) =>
    `  ${name.padEnd(8)} RSS ${String(m.rssMb).padStart(6)}  V8 heap ${m.heapUsedMb} of ${m.heapTotalMb}  outside V8 ${m.externalMb} (buffers ${m.arrayBuffersMb})  database ${m.databaseMb ?? '-'}  public cache ${m.publicCache.mb} in ${m.publicCache.entries}  libvips ${m.imagesMb} (at most ${m.imagesPeakMb})`;

  const median = (list) => {
    const sorted = [...list].sort((a, b) => a - b);
    const mid = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  };
  const measured = samples.slice(Math.ceil(samples.length / 4));
  const third = Math.floor(measured.length / 3);
  const rssFirst = third >= 3 ? median(measured.slice(0, third)) : undefined;
  const rssLast = third >= 3 ? median(measured.slice(-third)) : undefined;
  const rssGrows =
    rssFirst !== undefined &&
    rssLast - rssFirst > RSS_GROWTH_MB &&
    rssLast - rssFirst > (rssFirst * RSS_GROWTH_PERCENT) / 100;

  const failed = (step) => [...step.failures.values()].reduce((s, f) => s + f.count, 0) + step.lost;
  const failedRequests = steps.reduce((s, step) => s + failed(step), 0);
  const every = Math.max(1, Math.ceil(samples.length / 20));
  const lines = [
    `requests:    ${result.requests.total} in ${result.duration.toFixed(1)} s, ${result.requests.average.toFixed(0)} req/s on average`,
    `latency:     p50 ${result.latency.p50} ms, p90 ${result.latency.p90} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`,
    `checkouts:   ${checkouts} paid and verified orders`,
    `failed:      ${failedRequests} requests (must be 0): a wrong answer, a timeout (${result.timeouts} in all) or a broken connection (${result.errors - result.timeouts} socket errors in all)`,
    `server log:  ${serverErrors} error lines (must be 0)`,
    ...steps.map((step) => {
      const lost = step.lost
        ? `, ${step.timeouts} timeouts, ${step.lost - step.timeouts} broken connections`
        : '';
      return `  ${step.group.padEnd(9)} ${step.name.padEnd(16)} ${String(step.sent).padStart(7)} sent, ${failed(step)} failed${lost}`;
    }),
    `server RSS:  ${rssStart} MB at start, ${rssEnd} MB at end, ${rssPeak} MB at most`,
    `RSS budget:  ${overBudget ? 'OVER' : 'met'}: at most ${budget.peak} MB, ${budget.end} MB at the end`,
    'memory (MB; "outside V8" includes the database\'s WebAssembly memory on PGlite):',
    breakdown('at rest', atRest),
    breakdown('at peak', atPeak.figures),
    breakdown('at end', atEnd),
    `RSS trend:   ${samples.filter((_, i) => i % every === 0).join(' ')} MB (every ${every} s)`,
    rssFirst === undefined
      ? 'RSS check:   too short a run to judge (fewer than 3 samples a third)'
      : `RSS check:   ${rssGrows ? 'GROWS' : 'flat'}: median ${rssFirst} MB in the first third after the first quarter's warm-up, ${rssLast} MB in the last third (fails above +${RSS_GROWTH_PERCENT}% and +${RSS_GROWTH_MB} MB)`,
  ];
  console.log(lines.join('\n'));
  for (const step of steps) {
    for (const [wrong, { count, example }] of step.failures)
      console.log(`  failed ${step.name} ${wrong}: ${count}× e.g. ${example}`);
  }
  const code = await stop();
  if (code !== 0) console.log(`the server exited with ${code} on SIGTERM`);
  process.exit(failedRequests === 0 && serverErrors === 0 && !rssGrows && !overBudget && code === 0 ? 0 : 1);
} catch (error) {
  console.error(error);
  await stop();
  process.exit(1);
}
