// What it costs to put each commit of the embedded database on the disk (docs/decisions/012): PGlite as PGlite
// opens it (fsync off, and no fsync of the host anyway) side by side with the server's openPglite (fsync on, the
// WAL synced at every commit), on the same disk, in rounds taken in turn. Prints figures; it is not a test.
// Usage: npx tsx bench/durability.mjs [single-row inserts, default 1000]
//        BENCH_DIR=/path/on/the/production/disk npx tsx bench/durability.mjs
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { openPglite } from '../apps/server/src/db/client.ts';

const INSERTS = Number(process.argv[2] ?? 1000);
const TRANSACTIONS = Math.max(1, Math.round(INSERTS / 5));
const READS = INSERTS;
const ROUNDS = 2;
const base = process.env.BENCH_DIR ?? os.tmpdir();

const TMPFS_MAGIC = 0x01021994;
if (fs.statfsSync(base).type === TMPFS_MAGIC) {
  console.warn(
    `${base} is a tmpfs (memory): fsync costs nothing there. Set BENCH_DIR to a folder on a disk.`,
  );
}

const variants = {
  /** How the server opened its folder before: PGlite's defaults. */
  before: async (dir) => {
    const client = await PGlite.create(dir, { extensions: { pg_trgm } });
    return { db: drizzle(client), close: () => client.close() };
  },
  /** How it opens it now. */
  after: async (dir) => {
    const database = await openPglite(dir);
    return { db: database.db, close: () => database.close() };
  },
};

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const summary = (times) => {
  const sorted = [...times].sort((a, b) => a - b);
  const total = times.reduce((sum, t) => sum + t, 0);
  return {
    total,
    perSecond: (times.length / total) * 1000,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
  };
};
const timed = async (count, work) => {
  const times = [];
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    await work(i);
    times.push(performance.now() - started);
  }
  return summary(times);
};

async function measure(name) {
  const dir = fs.mkdtempSync(path.join(base, `scholar-durability-${name}-`));
  const folder = path.join(dir, 'pglite');
  try {
    let started = performance.now();
    let database = await variants[name](folder);
    const firstOpen = performance.now() - started;
    files = fs.readdirSync(folder, { recursive: true }).length;
    const { db } = database;
    await db.execute(
      sql`CREATE TABLE bench_rows (id serial PRIMARY KEY, body text NOT NULL, at timestamptz DEFAULT now())`,
    );
    // Each its own transaction: one commit, as a question asked or an address added.
    const inserts = await timed(INSERTS, (i) =>
      db.execute(sql`INSERT INTO bench_rows (body) VALUES (${`row ${i}`})`),
    );
    // Five rows in one transaction, as a paid order with its items.
    const transactions = await timed(TRANSACTIONS, (i) =>
      db.transaction(async (tx) => {
        for (let j = 0; j < 5; j += 1)
          await tx.execute(sql`INSERT INTO bench_rows (body) VALUES (${`tx ${i}.${j}`})`);
      }),
    );
    const reads = await timed(READS, (i) =>
      db.execute(sql`SELECT body FROM bench_rows WHERE id = ${(i % INSERTS) + 1}`),
    );
    await database.close();
    started = performance.now();
    database = await variants[name](folder);
    const reopen = performance.now() - started;
    await database.close();
    return { firstOpen, reopen, inserts, transactions, reads };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The disk's own price of a sync: 8 KB (a WAL page) written and synced, again and again. */
function rawFsync(count = 200) {
  const dir = fs.mkdtempSync(path.join(base, 'scholar-durability-fsync-'));
  const fd = fs.openSync(path.join(dir, 'probe'), 'w');
  const page = Buffer.alloc(8192, 1);
  try {
    const times = [];
    for (let i = 0; i < count; i += 1) {
      const started = performance.now();
      fs.writeSync(fd, page, 0, page.length, (i % 16) * page.length);
      fs.fsyncSync(fd);
      times.push(performance.now() - started);
    }
    return summary(times);
  } finally {
    fs.closeSync(fd);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

console.log(
  `Embedded database durability: ${INSERTS} single-row inserts, ${TRANSACTIONS} transactions of 5 rows, ${READS} reads; ` +
    `folder under ${base}; node ${process.version}, ${os.cpus().length} CPUs, ${os.platform()}`,
);
const results = { before: [], after: [] };
let files = 0;
for (let round = 0; round < ROUNDS; round += 1) {
  for (const name of round % 2 === 0 ? ['before', 'after'] : ['after', 'before']) {
    results[name].push(await measure(name));
  }
}

const ms = (value) => `${value.toFixed(value < 10 ? 2 : 0)} ms`;
const rows = [];
for (const [name, runs] of Object.entries(results)) {
  for (const [round, r] of runs.entries()) {
    rows.push({
      variant: `${name} (round ${round + 1})`,
      'insert p50': ms(r.inserts.p50),
      'insert p99': ms(r.inserts.p99),
      'inserts/s': Math.round(r.inserts.perSecond),
      'tx (5 rows) p50': ms(r.transactions.p50),
      'tx/s': Math.round(r.transactions.perSecond),
      'read p50': ms(r.reads.p50),
      'first open': ms(r.firstOpen),
      reopen: ms(r.reopen),
    });
  }
}
console.table(rows);
const disk = rawFsync();
console.log(
  `This disk: an 8 KB write and fsync takes ${ms(disk.p50)} (p50), ${ms(disk.p99)} (p99); a commit now waits for one.`,
);
const best = (name, pick) => Math.max(...results[name].map(pick));
const ratio = (pick) => (best('before', pick) / best('after', pick)).toFixed(1);
console.log(
  `A new folder holds ${files} files and folders ("after" syncs each of them once, in "first open").`,
);
console.log(
  `Throughput, best round each: single-row inserts ${Math.round(best('before', (r) => r.inserts.perSecond))}/s before, ` +
    `${Math.round(best('after', (r) => r.inserts.perSecond))}/s after (${ratio((r) => r.inserts.perSecond)}× slower); ` +
    `5-row transactions ${Math.round(best('before', (r) => r.transactions.perSecond))}/s before, ` +
    `${Math.round(best('after', (r) => r.transactions.perSecond))}/s after (${ratio((r) => r.transactions.perSecond)}× slower).`,
);
