// Scale: loads 100,000 orders (with items), 50,000 fatwahs and 10,000 articles, then times the lists through the
// real app and the CSV export through the real server process. PostgreSQL (BENCH_DATABASE_URL, TEST_DATABASE_URL,
// else a private throwaway cluster when the machine has PostgreSQL's binaries), else PGlite (or BENCH_DB=pglite).
// Usage: npx tsx bench/scale.ts   (prints figures; it is not a test)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openPglite, openPostgres, type Database } from '../apps/server/src/db/client';
import { issueTokens } from '../apps/server/src/modules/auth/auth.service';
import { clusterUnavailableReason, startPgCluster } from '../apps/server/test/support/pg-cluster';
import { createPostgresDatabase } from '../apps/server/test/support/postgres';
import { startServer } from './lib/server.mjs';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const FATWAHS = Number(process.env.BENCH_FATWAHS ?? 50_000);
const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 10_000);
const RUNS = 100;

interface BenchDatabase {
  database: Database;
  kind: string;
  /** What the server process is started with to reach the same data. */
  serverEnv: Record<string, string>;
  /** Closes and removes everything made for the run. */
  drop: () => Promise<void>;
}

/**
 * PostgreSQL: the server of BENCH_DATABASE_URL or TEST_DATABASE_URL, else a private throwaway cluster when the
 * machine has PostgreSQL's binaries (as the tests do); the embedded PGlite, in a folder, when it has neither or
 * BENCH_DB=pglite.
 */
async function openDatabase(dataDir: string): Promise<BenchDatabase> {
  const given = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const cluster =
    !given && process.env.BENCH_DB !== 'pglite' && !clusterUnavailableReason()
      ? await startPgCluster()
      : undefined;
  const serverUrl = given ?? cluster?.url;
  if (!serverUrl || process.env.BENCH_DB === 'pglite') {
    // In the folder the server process opens (DATA_DIR/pglite), handed over once this process has closed it.
    const database = await openPglite(path.join(dataDir, 'pglite'));
    return { database, kind: 'PGlite', serverEnv: { DATABASE_URL: '' }, drop: async () => undefined };
  }
  const created = await createPostgresDatabase(serverUrl, 'bench');
  const database = await openPostgres(created.url);
  return {
    database,
    kind: cluster ? 'PostgreSQL (a private throwaway cluster)' : 'PostgreSQL',
    serverEnv: { DATABASE_URL: created.url },
    drop: async () => {
      if (process.env.BENCH_KEEP_DATABASE && !cluster) {
        console.log(`Kept the database for a closer look: ${created.url}`);
        return;
      }
      if (cluster) return cluster.destroy();
      await created.drop();
    },
  };
}

const WORDS = [
  'prayer',
  'fasting',
  'zakat',
  'marriage',
  'business',
  'hajj',
  'family',
  'wudu',
  'travel',
  'charity',
];
const CATEGORIES = [
  'Prayer',
  'Fasting',
  'Zakat',
  'Marriage',
  'Business',
  'Hajj',
  'Family',
  'Purification',
  'Worship',
  'Other',
];

/** A UUID v7 for an instant: 48 bits of milliseconds, then random bits (from a seed), as the app's ids are. */
function uuidV7(at: string, seed: string): string {
  const hex = `md5(${seed})`;
  return `(lpad(to_hex((extract(epoch FROM ${at}) * 1000)::bigint), 12, '0') || '7' || substr(${hex}, 1, 3) || '8' || substr(${hex}, 4, 15))::uuid`;
}

async function load(database: Database) {
  const db = database.db;
  const words = `ARRAY[${WORDS.map((w) => `'${w}'`).join(',')}]`;
  const categories = `ARRAY[${CATEGORIES.map((c) => `'${c}'`).join(',')}]`;
  await db.execute(
    sql.raw(`INSERT INTO users (id, name, email, phone, role, password_hash)
      SELECT gen_random_uuid(), 'Customer ' || g, 'customer' || g || '@bench.example', '9830000000', 'user', 'x'
      FROM generate_series(1, 2000) g`),
  );
  // Ids as the app makes them (UUID v7: time first), rows in the order a shop accumulates them (oldest first).
  await db.execute(
    sql.raw(`INSERT INTO orders (id, order_number, txn_id, razorpay_order_id, user_id, status, subtotal_paise,
        shipping_paise, amount_paise, contact_name, contact_email, contact_phone, shipping_address, created_at, updated_at)
      SELECT ${uuidV7('s.at', 's.g::text')}, 'ORD-BENCH-' || s.g, 'pay_bench' || s.g, 'order_bench' || s.g, u.id,
        (ARRAY['pending','shipped','delivered','RTO'])[1 + s.g % 4]::order_status,
        50000, 5000, 55000, u.name, u.email, '9830000000',
        '{"addressLine1":"12 Park Street","city":"Kolkata","state":"West Bengal","pincode":"700016"}'::jsonb,
        s.at, s.at
      FROM (SELECT g, now() - ((${ORDERS} - g) || ' minutes')::interval AS at FROM generate_series(1, ${ORDERS}) g) s
      JOIN (SELECT id, name, email, row_number() OVER () AS n FROM users) u ON u.n = 1 + s.g % 2000
      ORDER BY s.g`),
  );
  await db.execute(
    sql.raw(`INSERT INTO order_items (id, order_id, name, author, price_paise, quantity, images)
      SELECT ${uuidV7('o.created_at', 'o.id::text || k')}, o.id, 'Book ' || k, 'Darul Ilm Publications', 25000, 1, '[]'::jsonb
      FROM orders o CROSS JOIN generate_series(1, 2) k ORDER BY o.created_at, k`),
  );
  await db.execute(
    sql.raw(`INSERT INTO fatwahs (id, question, answer, categories, status, published_at, created_at, updated_at)
      SELECT gen_random_uuid(),
        'Question ' || g || ' about ' || (${words})[1 + g % 10] || ' and ' || (${words})[1 + (g / 10) % 10] || ' in daily life?',
        'The answer explains ' || (${words})[1 + (g / 7) % 10] || ' with care. And Allah knows best.',
        ARRAY[(${categories})[1 + g % 10]],
        (CASE WHEN g % 10 = 0 THEN 'pending' ELSE 'published' END)::fatwah_status,
        CASE WHEN g % 10 = 0 THEN NULL ELSE now() - (g || ' minutes')::interval END,
        now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval
      FROM generate_series(1, ${FATWAHS}) g`),
  );
  await db.execute(
    sql.raw(`INSERT INTO articles (id, title, content, excerpt, author, featured_image, is_published, views, published_at, created_at, updated_at)
      SELECT gen_random_uuid(), 'Article ' || g || ' on ' || (${words})[1 + g % 10],
        '<p>Text about ' || (${words})[1 + g % 10] || '.</p>', 'Text about ' || (${words})[1 + g % 10] || '.',
        'Admin', 'https://images.example/a.jpg', g % 5 <> 0, g % 1000,
        CASE WHEN g % 5 <> 0 THEN now() - (g || ' minutes')::interval END,
        now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval
      FROM generate_series(1, ${ARTICLES}) g`),
  );
  // What autovacuum does after a bulk load: statistics, and the visibility map that index-only scans rely on.
  await db.execute(sql.raw('VACUUM ANALYZE'));
}

/** A figure of /proc/{pid}/status in MB (Linux). */
function residentMb(pid: number, field: 'VmRSS' | 'VmHWM'): string {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
  return (kb / 1024).toFixed(0);
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scholar-scale-'));
  const { database, kind, serverEnv, drop } = await openDatabase(dataDir);
  await database.migrate();
  const loadStarted = performance.now();
  await load(database);
  const loadSeconds = (performance.now() - loadStarted) / 1000;
  console.log(
    `${kind}: loaded ${ORDERS} orders (${ORDERS * 2} items), ${FATWAHS} fatwahs, ${ARTICLES} articles in ${loadSeconds.toFixed(1)} s`,
  );

  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-long-enough-for-hs256-signing-0000',
    // The public read cache off: it keeps an answer under the query keys its route reads and ignores any other
    // (a unique `_=` parameter would still be a hit), and what is measured here is the database's work.
    PUBLIC_CACHE_TTL_MS: '0',
  });
  const app = await buildApp(config, { database });
  await app.ready();
  const [adminRow] = (
    await database.db.execute(
      sql.raw(
        "INSERT INTO users (name, email, role, password_hash, id) VALUES ('Admin', 'admin@bench.example', 'admin', 'x', gen_random_uuid()) RETURNING id",
      ),
    )
  ).rows as { id: string }[];
  const [customer] = (
    await database.db.execute(sql.raw("SELECT id FROM users WHERE email = 'customer7@bench.example'"))
  ).rows as { id: string }[];
  // Sessions as /auth/login opens them: an access token works only while its session lives.
  const bearer = async (id: string, role: 'admin' | 'user') =>
    `Bearer ${(await issueTokens(database.db, config, { id, role })).accessToken}`;
  const admin = { authorization: await bearer(adminRow.id, 'admin') };
  const user = { authorization: await bearer(customer.id, 'user') };

  const cases: [string, string, Record<string, string>][] = [
    ['admin orders, first page', '/api/orders/admin/all?page=1', admin],
    ['admin order stats, uncached (a new range each time)', 'STATS', admin],
    [
      `admin orders, page ${(ORDERS / 20).toLocaleString('en')}`,
      `/api/orders/admin/all?page=${Math.floor(ORDERS / 20)}`,
      admin,
    ],
    ['admin orders, status filter', '/api/orders/admin/all?status=delivered&page=3', admin],
    [
      'admin orders, date filter',
      `/api/orders/admin/all?startDate=${new Date(Date.now() - 20 * 86_400_000).toISOString().slice(0, 10)}&endDate=${new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10)}`,
      admin,
    ],
    ["a customer's orders", `/api/orders/${customer.id}?page=1`, user],
    ['fatwah search, a word', '/api/fatwahs/public?search=marriage&page=1', {}],
    ['fatwah search, a typo', '/api/fatwahs/public?search=mariage&page=1', {}],
    ['fatwahs, public list', '/api/fatwahs/public?page=2', {}],
    [
      'articles, public list',
      '/api/articles/published?page=3&limit=12&sortBy=publishedAt&sortOrder=desc',
      {},
    ],
    [
      'articles, admin list',
      '/api/articles/admin/all?page=2&limit=10&sortBy=createdAt&sortOrder=desc',
      admin,
    ],
  ];
  const rows = [];
  for (const [name, urlOrStats, headers] of cases) {
    const times: number[] = [];
    for (let i = 0; i < RUNS + 3; i += 1) {
      const url =
        urlOrStats === 'STATS'
          ? `/api/orders/admin/all?page=1&startDate=2020-01-01&endDate=${new Date(Date.now() + (i + 1) * 86_400_000).toISOString().slice(0, 10)}`
          : urlOrStats;
      const started = performance.now();
      const unique = `${url}${url.includes('?') ? '&' : '?'}_=${i}`;
      const res = await app.inject({ url: headers.authorization ? url : unique, headers });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      if (i >= 3) times.push(performance.now() - started);
    }
    rows.push({
      query: name,
      'p50 ms': percentile(times, 50).toFixed(1),
      'p95 ms': percentile(times, 95).toFixed(1),
    });
  }
  console.table(rows);

  await app.close();
  await database.close();

  // The export from the server process as `npm start` runs it, over real HTTP, read as a stream; the memory is
  // that process's own (its peak resident set, VmHWM), not this loader's.
  const server = await startServer({
    dataDir,
    env: { ...serverEnv, ADMIN_EMAIL: 'export-admin@bench.example', ADMIN_PASSWORD: 'export-admin-password' },
  });
  try {
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'export-admin@bench.example',
        password: 'export-admin-password',
        role: 'admin',
      }),
    });
    const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
    const atRest = residentMb(server.pid!, 'VmRSS');
    const started = performance.now();
    // As a browser asks for it: compressed, brotli first.
    const res = await fetch(`${server.url}/api/orders/admin/export-csv`, {
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' },
    });
    let bytes = 0;
    let lines = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      for (const byte of chunk) if (byte === 10) lines += 1;
    }
    const encoding = res.headers.get('content-encoding') ?? 'uncompressed';
    console.log(
      `CSV export of ${lines - 1} orders: ${((performance.now() - started) / 1000).toFixed(2)} s, ${(bytes / 1_048_576).toFixed(1)} MB (sent ${encoding}); server process RSS ${atRest} MB before, peak ${residentMb(server.pid!, 'VmHWM')} MB (budget 5 s, 250 MB)`,
    );
  } finally {
    await server.stop();
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
