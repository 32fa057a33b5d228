#!/usr/bin/env node
// A loopback load test of the real server process on a throwaway DATA_DIR (the embedded database, or the
// PostgreSQL of --database-url): mixed traffic of browsing, fatwah search, articles, a customer's cart and the
// whole checkout (Razorpay order, sandbox payment with its webhooks, verification). Prints requests per second,
// latency percentiles, errors (must be 0) and the server's memory at start and end; exits 1 on any error.
//
//   node bench/load.mjs [--connections 100] [--duration 60] [--database-url postgres://…] [--log-level warn]
//   npm run bench:load          # 100 connections, 60 s
//   npm run soak                # 100 connections, 10 minutes
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

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

const freePort = () =>
  new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const rssMb = (pid) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
};

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scholar-load-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
  cwd: path.join(root, 'apps/server'),
  env: {
    ...process.env,
    NODE_ENV: 'production',
    RAZORPAY_SANDBOX: 'true',
    LOG_LEVEL: args['log-level'],
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_URL: base,
    SEED_DEMO: 'true',
    // The customers below register from addresses of their own (the per-address registration limit stays on).
    TRUST_PROXY: 'true',
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

async function api(method, url, body, headers = {}) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

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

  // The shop's demo content, and one customer with a saved address per connection (plus spares).
  const books = (await api('GET', '/api/books')).data;
  const words = ['prayer', 'fasting', 'zakat', 'marriage', 'travel', 'namaz', 'wudu', 'business'];
  const customers = [];
  const wanted = connections + 10;
  for (let i = 0; i < wanted; i += 8) {
    const batch = Array.from({ length: Math.min(8, wanted - i) }, async (_, j) => {
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

  const free = [...customers];
  const failures = new Map();
  let checkouts = 0;
  const fail = (step, status, body) => {
    const key = `${step} ${status}`;
    if (!failures.has(key)) failures.set(key, { count: 0, example: String(body).slice(0, 300) });
    failures.get(key).count += 1;
  };
  const json = (req, context, body) => ({
    ...req,
    headers: { ...req.headers, 'content-type': 'application/json', ...context.customer.auth },
    body: JSON.stringify(body),
  });
  const expect2xx = (step) => (status, body) => {
    if (status < 200 || status >= 300) fail(step, status, body);
  };
  const pick = (list) => list[Math.floor(Math.random() * list.length)];

  const requests = [
    {
      method: 'GET',
      path: '/api/books',
      // A cycle starts: this connection takes a customer of its own and a book.
      setupRequest: (req, context) => {
        context.customer = free.pop();
        context.book = pick(books);
        return context.customer ? req : false;
      },
      onResponse: expect2xx('books'),
    },
    {
      method: 'GET',
      setupRequest: (req, context) => ({ ...req, path: `/api/books/${context.book._id}` }),
      onResponse: expect2xx('book'),
    },
    {
      method: 'GET',
      setupRequest: (req) => ({ ...req, path: `/api/fatwahs/public?search=${pick(words)}&page=1&limit=10` }),
      onResponse: expect2xx('fatwah search'),
    },
    { method: 'GET', path: '/api/fatwahs/public?page=2&limit=10', onResponse: expect2xx('fatwahs') },
    {
      method: 'GET',
      path: '/api/articles/published?page=1&limit=12&sortBy=publishedAt&sortOrder=desc',
      onResponse: expect2xx('articles'),
    },
    { method: 'GET', path: '/api/articles/recent?limit=3', onResponse: expect2xx('recent articles') },
    {
      method: 'POST',
      path: '/api/cart/add',
      setupRequest: (req, context) =>
        json(req, context, { bookId: context.book._id, quantity: 1, userId: context.customer.id }),
      onResponse: expect2xx('cart add'),
    },
    {
      method: 'PATCH',
      path: '/api/cart/update',
      setupRequest: (req, context) =>
        json(req, context, { bookId: context.book._id, quantity: 2, userId: context.customer.id }),
      onResponse: expect2xx('cart update'),
    },
    {
      method: 'GET',
      path: '/api/cart',
      setupRequest: (req, context) => ({ ...req, headers: { ...req.headers, ...context.customer.auth } }),
      onResponse: expect2xx('cart'),
    },
    {
      method: 'POST',
      path: '/api/payments/create-razorpay-order',
      setupRequest: (req, context) =>
        json(req, context, {
          cartItems: [{ book: context.book._id, quantity: 2 }],
          selectedAddress: { _id: context.customer.addressId },
        }),
      onResponse: (status, body, context) => {
        if (status !== 200) return fail('create order', status, body);
        context.orderId = JSON.parse(body).orderId;
      },
    },
    {
      method: 'POST',
      setupRequest: (req, context) => ({
        ...json(req, context, { outcome: 'success' }),
        path: `/api/payments/sandbox/orders/${context.orderId}/pay`,
      }),
      onResponse: (status, body, context) => {
        if (status !== 200) return fail('sandbox pay', status, body);
        context.payment = JSON.parse(body);
      },
    },
    {
      method: 'POST',
      path: '/api/payments/verify-razorpay-payment',
      setupRequest: (req, context) => json(req, context, context.payment),
      onResponse: (status, body, context) => {
        free.unshift(context.customer);
        if (status !== 200 || !JSON.parse(body).order?.orderNumber) return fail('verify', status, body);
        checkouts += 1;
      },
    },
  ];

  const rssStart = rssMb(server.pid);
  const samples = [rssStart];
  const sampler = setInterval(() => samples.push(rssMb(server.pid)), 5_000);
  console.log(
    `load: ${connections} connections for ${duration} s against ${base} (${args['database-url'] ? 'PostgreSQL' : 'embedded database'}), RSS ${rssStart} MB`,
  );
  const result = await autocannon({ url: base, connections, duration, requests, timeout: 30 });
  clearInterval(sampler);
  const rssEnd = rssMb(server.pid);
  samples.push(rssEnd);

  const errors =
    result.errors +
    result.timeouts +
    result.non2xx +
    serverErrors +
    [...failures.values()].reduce((s, f) => s + f.count, 0);
  const lines = [
    `requests:    ${result.requests.total} in ${result.duration.toFixed(1)} s, ${result.requests.average.toFixed(0)} req/s on average`,
    `latency:     p50 ${result.latency.p50} ms, p90 ${result.latency.p90} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`,
    `checkouts:   ${checkouts} paid and verified orders`,
    `errors:      ${errors} (socket ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx}, server errors logged ${serverErrors})`,
    `server RSS:  ${rssStart} MB at start, ${rssEnd} MB at end, ${Math.max(...samples)} MB at most`,
    `RSS trend:   ${samples.filter((_, i) => i % Math.max(1, Math.ceil(samples.length / 20)) === 0).join(' ')} MB (every ${5 * Math.max(1, Math.ceil(samples.length / 20))} s)`,
  ];
  console.log(lines.join('\n'));
  for (const [key, { count, example }] of failures) console.log(`  failed ${key}: ${count}× e.g. ${example}`);
  const code = await stop();
  if (code !== 0) console.log(`the server exited with ${code} on SIGTERM`);
  process.exit(errors === 0 && code === 0 ? 0 : 1);
} catch (error) {
  console.error(error);
  await stop();
  process.exit(1);
}
