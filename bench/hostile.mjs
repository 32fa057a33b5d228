#!/usr/bin/env node
// Hostile load: floods a throwaway server process (the real server, built from the working tree and run as
// `npm start` runs it, on a temporary DATA_DIR with the demo content) from one loopback address while a victim on another address
// keeps browsing, fetching a static file and logging in. Linux routes all of 127.0.0.0/8 to the loopback
// interface, so every source address is a client of its own to the server. Each flood runs for a bounded time;
// during it the victim's three probes (a public page, a hashed asset of the built web app, a valid login) each send
// a few requests a second, one at a time, and the server's RSS is sampled every 250 ms. The floods: password
// resets, logins for unknown emails, password guessing on the victim's account, distinct public cache keys,
// distinct keys for the failure counters, guest checkouts, registrations with a forged X-Forwarded-For (without a
// proxy, then behind one).
//
//   node bench/hostile.mjs [--seconds 15] [--keys-seconds 15] [--only reset,guess,…]
//                          [--database-url postgres://… | --embedded]
//   npm run bench:hostile
//
// The database: the PostgreSQL of --database-url, else a private throwaway cluster when the machine has
// PostgreSQL's binaries, else (or with --embedded) the embedded one (`npm start`'s default; its WebAssembly heap
// keeps the process at ~450 MB at rest after a first start, ~250 MB on PostgreSQL). --keys-seconds is the time of the forgot-password key flood, which needs more than 50,000 requests
// to reach the counters' old full-scan threshold.
//
// Per flood it prints what the attacker sent and was answered, each probe's p50/p99/max latency and statuses, and
// the server's RSS; then the budget, one PASS or FAIL a line. It exits 1 when any line fails (2 when the run broke):
//   - each victim probe's p99 under 1 s, and no probe timed out (10 s) or lost its connection;
//   - the victim's valid login is never answered 429 (the attacker must not lock the owner out);
//   - the server's RSS under 600 MB;
//   - no 5xx to anyone except a deliberate 503 carrying Retry-After;
//   - floods the server should refuse: refused (429/503), every refusal with Retry-After (the time of those not
//     slowed on purpose is printed: after 30 in 10 s the server answers a client's refusals a second late);
//   - after the login guessing, the owner still logs in from their own address;
//   - registrations with forged X-Forwarded-For: at most the per-address limit (20) accepted.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { ensureBuilt, SERVER_HEAP_FLAG, serverEntry } from '../scripts/lib/build.mjs';
import { freePort } from '../scripts/lib/free-port.mjs';
import { rssMb } from './lib/server.mjs';
import { REQUEST_TIMEOUT_MS, Tally, closeAgents, send, sendJson } from './lib/hostile-client.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: process.env.HOSTILE_SECONDS ?? '15' },
    'keys-seconds': { type: 'string' },
    'database-url': { type: 'string', default: process.env.HOSTILE_DATABASE_URL },
    embedded: { type: 'boolean', default: false },
    only: { type: 'string' },
  },
});
const seconds = Number(args.seconds);
const keysSeconds = Number(args['keys-seconds'] ?? seconds);
if (!(seconds > 0) || !(keysSeconds > 0))
  throw new Error('--seconds and --keys-seconds must be positive numbers');

const BUDGET = {
  victimP99Ms: 1000,
  rssMb: 600,
  registrationsPerAddress: 20,
};
const PROBE_INTERVAL_MS = 300;
const RSS_INTERVAL_MS = 250;

// Source addresses: the victim, the set-up steps and one attacker address per flood (so that no flood inherits
// the per-address counts of the one before). A flood that rotates addresses uses 127.16.0.0/12.
const VICTIM = '127.0.0.2';
const SETUP = '127.0.0.5';
const attackerAddress = (n) => `127.0.0.${10 + n}`;

const tag = randomBytes(3).toString('hex');
const ADMIN = {
  email: `hostile-admin-${tag}@example.com`,
  password: `admin-${randomBytes(8).toString('hex')}`,
};
const VICTIM_PASSWORD = `victim-${randomBytes(8).toString('hex')}`;

/**
 * The floods, in order. `attack` is what the attacker's thread sends (bench/lib/hostile-attacker.mjs); `refused`:
 * the server should turn most of it away; `newKey`: the status of an answer that added a key to a counter.
 */
const FLOODS = [
  {
    name: 'reset',
    title: 'reset flood: 400 parallel password resets with a junk token',
    attack: { kind: 'reset', concurrency: 400 },
    refused: true,
  },
  {
    name: 'login',
    title: 'login flood: 300 parallel logins for unknown emails',
    attack: { kind: 'login-unknown', concurrency: 300 },
    refused: true,
  },
  {
    name: 'guess',
    title: "login guessing: 60 parallel wrong passwords for the victim's own account",
    attack: { kind: 'login-guess', concurrency: 60 },
    refused: true,
    guessesVictim: true,
  },
  {
    name: 'cache',
    title: 'cache-key flood: article lists and pages under distinct unknown query parameters',
    attack: { kind: 'cache-key', concurrency: 50 },
  },
  {
    name: 'search',
    title: 'search flood: 50 connections of fatwah searches, a new term each time (never cached)',
    attack: { kind: 'search', concurrency: 50 },
  },
  {
    name: 'cart-prices',
    title: 'cart-prices flood: 50 connections pricing a guest cart of 200 ids',
    attack: { kind: 'cart-prices', concurrency: 50 },
  },
  {
    name: 'keys',
    title: 'counter-key flood: wrong logins for up to 50,000 distinct emails from one address',
    attack: { kind: 'login-unknown', concurrency: 100, maxRequests: 50_000 },
    refused: true,
    newKey: 401,
  },
  {
    name: 'keys-forgot',
    title: 'counter-key flood: forgot-password for distinct emails, each from an address of its own',
    attack: { kind: 'forgot-password', concurrency: 100, rotateAddress: true, maxRequests: 60_000 },
    newKey: 200,
    long: true,
  },
  {
    name: 'checkout',
    title: 'guest checkout flood: 100 parallel Razorpay orders for a valid guest cart',
    attack: { kind: 'checkout', concurrency: 100 },
    refused: true,
  },
  {
    name: 'register',
    title: 'registration flood with a forged X-Forwarded-For per request (TRUST_PROXY unset)',
    attack: { kind: 'register', concurrency: 50 },
    refused: true,
    registrations: true,
  },
  {
    name: 'register-proxy',
    title: 'registration flood through a proxy that appends the real address (TRUST_PROXY=1)',
    attack: { kind: 'register', concurrency: 50, data: { proxy: true } },
    refused: true,
    registrations: true,
    serverEnv: { TRUST_PROXY: '1' },
  },
];
const chosen = args.only ? FLOODS.filter((f) => args.only.split(',').includes(f.name)) : FLOODS;
if (chosen.length === 0)
  throw new Error(`--only: no such flood; floods: ${FLOODS.map((f) => f.name).join(', ')}`);

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
const round = (ms) => (ms === undefined ? '–' : ms < 10 ? ms.toFixed(1) : String(Math.round(ms)));
const counts = (object) =>
  Object.keys(object).length === 0
    ? 'none'
    : Object.entries(object)
        .sort((a, b) => b[1] - a[1])
        .map(([key, n]) => `${key}×${n}`)
        .join(', ');

// ---- The server ------------------------------------------------------------------------------------------------

let server;
let dataDir;
let worker;
let cluster;
/** Every server process started and not yet seen to exit (killed on the way out, whatever happens). */
const children = new Set();
let aborting = false;
let databaseUrl = args['database-url'];

/**
 * PostgreSQL, as in production: the server of --database-url, else a private throwaway cluster when the machine
 * has PostgreSQL's binaries (the tests' helper), else the embedded database. --embedded forces the embedded one,
 * `npm start`'s default.
 */
async function chooseDatabase() {
  if (databaseUrl || args.embedded) return databaseUrl ? 'PostgreSQL' : 'embedded database';
  const { tsImport } = await import('tsx/esm/api');
  const helper = await tsImport('../apps/server/test/support/pg-cluster.ts', import.meta.url);
  const unavailable = helper.clusterUnavailableReason();
  if (unavailable) return `embedded database (no private PostgreSQL: ${unavailable})`;
  cluster = await helper.startPgCluster();
  databaseUrl = cluster.url;
  return 'PostgreSQL (a private throwaway cluster)';
}

/** Starts the built server (`node apps/server/dist/main.js`, as `npm start` runs it) on `dataDir`. */
async function startServer(env = {}) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const childEnv = {
    ...process.env,
    // Production's code paths with the Razorpay sandbox, which production refuses.
    NODE_ENV: 'test',
    RAZORPAY_SANDBOX: 'true',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    SEED_DEMO: 'true',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  };
  for (const name of ['TRUST_PROXY', 'PUBLIC_CACHE_TTL_MS', 'RAZORPAY_KEY_ID', 'SMTP_URL']) {
    if (!(name in env)) delete childEnv[name];
  }
  const child = spawn(process.execPath, [SERVER_HEAP_FLAG, serverEntry], {
    cwd: root,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  const exited = new Promise((resolve) =>
    child.once('exit', (code, signal) => {
      children.delete(child);
      resolve(code ?? signal);
    }),
  );
  // The server's log: lines at error or fatal (a 500, a crash) are counted per flood and the first few shown.
  const log = { errors: 0, warnings: 0, examples: [] };
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream.on('data', (chunk) => {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) {
        if (/"level":40/.test(line)) log.warnings += 1;
        else if (/"level":(50|60)/.test(line) || (stream === child.stderr && line.trim() !== '')) {
          log.errors += 1;
          if (log.examples.length < 3) log.examples.push(line.slice(0, 400));
        }
      }
    });
  }
  server = { child, base, pid: child.pid, exited, log, env };
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited during start-up (${child.exitCode})`);
    const res = await send(base, { path: '/api/health', localAddress: SETUP, timeoutMs: 2_000 });
    if (res.status === 200) break;
    if (Date.now() > deadline) throw new Error('the server did not become healthy in 90 s');
    await sleep(200);
  }
  return server;
}

/** SIGTERM, then SIGKILL after `graceMs`; resolves with the exit code (or signal). */
async function stopServer({ graceMs = 15_000 } = {}) {
  if (!server) return undefined;
  const { child, exited } = server;
  server = undefined;
  closeAgents();
  if (child.exitCode !== null || child.signalCode !== null) return exited;
  child.kill('SIGTERM');
  const killer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  const code = await exited;
  clearTimeout(killer);
  return code;
}

let cleaning;
function cleanup() {
  cleaning ??= (async () => {
    await worker?.terminate();
    await stopServer({ graceMs: aborting ? 3_000 : 15_000 });
    // A server being restarted when the run was stopped.
    for (const child of children) child.kill('SIGKILL');
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    await cluster?.destroy();
  })();
  return cleaning;
}
/** Ctrl-C, SIGTERM, a closed output (`| head`) or a crash: clean up, then leave with `code`. */
const abort = (code) => () => {
  if (aborting) return;
  aborting = true;
  void cleanup().finally(() => process.exit(code));
};
process.once('SIGINT', abort(130));
process.once('SIGTERM', abort(143));
process.stdout.on('error', abort(1));
process.on('uncaughtException', (error) => {
  if (!aborting) console.error(error);
  abort(2)();
});
// Last resort when the process leaves another way: no server may outlive the benchmark.
process.once('exit', () => {
  for (const child of children) child.kill('SIGKILL');
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

// ---- Set-up ----------------------------------------------------------------------------------------------------

/**
 * The server must see the victim and the attacker as different clients. From one address, forgot-password for
 * unknown emails until the per-address limit answers 429; then one from the next address must be accepted.
 */
async function checkAddresses(base) {
  const ask = (localAddress, i) =>
    send(base, {
      method: 'POST',
      path: '/api/password/forgot-password',
      body: { email: `address-check-${tag}-${i}@example.com` },
      localAddress,
    });
  for (let i = 0; i < 40; i += 1) {
    const res = await ask('127.0.0.7', i);
    if (res.status === 429) {
      const other = await ask('127.0.0.8', 1000);
      return other.status === 200
        ? `the per-address reset limit answered 429 to 127.0.0.7 after ${i} requests and 200 to 127.0.0.8: addresses are told apart`
        : `WARNING: 127.0.0.8 got ${other.status} after 127.0.0.7 was limited: the server may not tell loopback addresses apart`;
    }
    if (res.status !== 200)
      return `WARNING: forgot-password answered ${res.status}; the address check was skipped`;
  }
  return 'WARNING: no per-address limit on forgot-password within 40 requests; addresses not checked';
}

/** ~40 KB of text in paragraphs. */
function longText(n) {
  const sentence = `Article ${n} of the hostile-load benchmark: a long text that makes each list of articles heavy. `;
  return Array.from({ length: 40 }, () => sentence.repeat(10)).join('\n');
}

async function setUp(base) {
  console.log(await checkAddresses(base));
  const admin = await sendJson(base, {
    method: 'POST',
    path: '/api/auth/login',
    body: { email: ADMIN.email, password: ADMIN.password, role: 'admin' },
    localAddress: SETUP,
  });
  const auth = { authorization: `Bearer ${admin.data.accessToken}` };
  for (let n = 1; n <= 6; n += 1) {
    await sendJson(base, {
      method: 'POST',
      path: '/api/articles/admin',
      headers: auth,
      body: {
        title: `Hostile load ${tag} ${n}`,
        content: longText(n),
        featuredImage: 'https://example.com/hostile.jpg',
        isPublished: true,
        category: 'Benchmark',
      },
      localAddress: SETUP,
    });
  }
  // One victim account per flood, so that a flood that locks its victim out does not spoil the login probe of the
  // floods after it; each registered from an address of its own, clear of any per-address registration limit.
  const victims = {};
  for (const [i, flood] of FLOODS.entries()) {
    const email = `victim-${tag}-${flood.name}@example.com`;
    await sendJson(base, {
      method: 'POST',
      path: '/api/auth/register',
      body: { name: `Victim ${flood.name}`, email, phone: '9830000000', password: VICTIM_PASSWORD },
      localAddress: `127.0.1.${i + 1}`,
    });
    victims[flood.name] = email;
  }
  const books = await sendJson(base, { path: '/api/books', localAddress: SETUP });
  const bookId = books.data?.[0]?._id ?? books.data?.books?.[0]?._id;
  if (!bookId) throw new Error('GET /api/books listed no book');
  const home = await send(base, { path: '/', localAddress: SETUP });
  const asset = /<script[^>]*\ssrc="(\/assets\/[^"]+\.js)"/.exec(home.body)?.[1];
  if (!asset) throw new Error('the home page names no script under /assets (is apps/web/dist built?)');
  return { victims, bookId, asset };
}

// ---- One flood -------------------------------------------------------------------------------------------------

function runAttacker(spec) {
  return new Promise((resolve, reject) => {
    worker = new Worker(new URL('./lib/hostile-attacker.mjs', import.meta.url), { workerData: spec });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => {
      worker = undefined;
      if (code !== 0) reject(new Error(`the attacker's thread exited with ${code}`));
    });
  });
}

/** Sends the probe's request one at a time, one every PROBE_INTERVAL_MS at most, until `isOver()`. */
async function probeLoop(base, request, tally, isOver) {
  while (!isOver()) {
    const started = performance.now();
    tally.add(await send(base, { ...request(), localAddress: VICTIM }));
    await sleep(PROBE_INTERVAL_MS - (performance.now() - started));
  }
}

/** The accounts whose email starts with `prefix`, read from PostgreSQL; undefined on the embedded database. */
async function countAccounts(prefix) {
  if (!databaseUrl) return undefined;
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query('SELECT count(*)::int AS n FROM users WHERE email LIKE $1', [
      `${prefix}%`,
    ]);
    return rows[0].n;
  } finally {
    await client.end();
  }
}

/**
 * Waits until the work a flood left behind is done: three static files in a row answered in under 100 ms (a file
 * is read on the thread pool, where password hashes queue too). After 20 s the server is restarted instead, so
 * that no flood is measured on the backlog of the one before. Says what it did.
 */
async function settle(asset, { restart = true } = {}) {
  const started = performance.now();
  let fast = 0;
  while (fast < 3) {
    if (performance.now() - started > 20_000) {
      if (!restart) return 'still busy after 20 s';
      const { env } = server;
      const code = await stopServer();
      await startServer(env);
      return `still busy after 20 s: restarted (exit ${code})`;
    }
    const res = await send(server.base, { path: asset, localAddress: SETUP, timeoutMs: 5_000 });
    fast = res.status === 200 && res.ms < 100 ? fast + 1 : 0;
    await sleep(100);
  }
  return `settled in ${((performance.now() - started) / 1000).toFixed(1)} s`;
}

async function runFlood(flood, index, context) {
  const victimEmail = context.victims[flood.name];
  const localAddress = attackerAddress(index + 1);
  // Behind the proxy the victim's requests carry the address the proxy saw, as the attacker's do.
  const proxied = flood.serverEnv?.TRUST_PROXY ? { 'x-forwarded-for': VICTIM } : {};
  const probes = [
    { name: 'page', label: '/books', request: () => ({ path: '/books', headers: { ...proxied } }) },
    {
      name: 'static',
      label: context.asset,
      request: () => ({ path: context.asset, headers: { 'accept-encoding': 'br, gzip', ...proxied } }),
    },
    {
      name: 'login',
      label: victimEmail,
      request: () => ({
        method: 'POST',
        path: '/api/auth/login',
        headers: { ...proxied },
        body: { email: victimEmail, password: VICTIM_PASSWORD, role: 'user' },
      }),
    },
  ];
  const floodSeconds = flood.long ? keysSeconds : seconds;
  const emailPrefix = `signup-${tag}-${flood.name}-`;
  const settled = await settle(context.asset);
  console.log(
    `\n== ${index + 1}/${chosen.length} ${flood.title}\n   from ${flood.attack.rotateAddress ? 'a new address per request' : localAddress}, ${floodSeconds} s; victim ${VICTIM}; server ${settled}`,
  );

  const { log, pid } = server;
  const logBefore = { errors: log.errors, warnings: log.warnings, examples: log.examples.length };
  const rss = [rssMb(pid)];
  const sampler = setInterval(() => {
    const mb = rssMb(pid);
    if (mb !== undefined) rss.push(mb);
  }, RSS_INTERVAL_MS);
  const started = performance.now();
  const deadline = started + floodSeconds * 1000;
  let attackerDone = false;
  const attacker = runAttacker({
    base: server.base,
    localAddress,
    seconds: floodSeconds,
    ...flood.attack,
    data: { email: victimEmail, bookId: context.bookId, emailPrefix, ...flood.attack.data },
  }).finally(() => {
    attackerDone = true;
  });
  const isOver = () => attackerDone || performance.now() >= deadline;
  const tallies = probes.map(() => new Tally());
  const [attack] = await Promise.all([
    attacker,
    ...probes.map((probe, i) => probeLoop(server.base, probe.request, tallies[i], isOver)),
  ]);
  clearInterval(sampler);
  rss.push(rssMb(pid) ?? 0);

  // The report.
  const victim = tallies.map((t) => t.summary());
  const peakRss = Math.max(...rss);
  const lat = (l) =>
    l ? `p50 ${round(l.p50)} ms, p99 ${round(l.p99)} ms, max ${round(l.max)} ms` : 'no answers';
  const lines = [
    `   attacker   ${attack.count} requests in ${attack.seconds.toFixed(1)} s (${Math.round(attack.count / attack.seconds)} req/s): ${counts(attack.statuses)}`,
    `              latency ${lat(attack.latency)}; refusals (429/503) ${attack.refusalLatency ? `p50 ${round(attack.refusalLatency.p50)} ms, those not slowed on purpose p50 ${attack.promptRefusalLatency ? `${round(attack.promptRefusalLatency.p50)} ms` : '–'}` : 'none'}`,
  ];
  if (Object.keys(attack.errors).length)
    lines.push(`              connection errors: ${counts(attack.errors)}`);
  if (flood.newKey) {
    // Answers per second, 5 s at a time: a counter that slows down as its keys grow shows here.
    const slices = [];
    for (let s = 0; s < attack.perSecond.length; s += 5) {
      const slice = attack.perSecond.slice(s, s + 5);
      slices.push(Math.round(slice.reduce((a, b) => a + b, 0) / slice.length));
    }
    const keys = attack.statuses[flood.newKey] ?? 0;
    lines.push(
      `              new counter keys (answers ${flood.newKey}): ${keys}${keys > 50_000 ? ', past the 50,000 at which the old counter scanned its whole map per new key' : ''}; req/s by 5 s: ${slices.join(' ')}`,
    );
  }
  probes.forEach((probe, i) => {
    const v = victim[i];
    lines.push(
      `   victim ${probe.name.padEnd(7)} ${String(v.count).padStart(4)} requests, ${lat(v.latency)}: ${counts(v.statuses)}${Object.keys(v.errors).length ? ` (${counts(v.errors)})` : ''}`,
    );
  });
  lines.push(
    `   server     RSS ${rss[0]} MB at the start, ${peakRss} MB at most, ${rss.at(-1)} MB at the end; log: ${log.errors - logBefore.errors} error lines, ${log.warnings - logBefore.warnings} warnings`,
  );
  for (const example of log.examples.slice(logBefore.examples)) lines.push(`   error log  ${example}`);

  // The budget.
  const checks = [];
  const check = (ok, text) => checks.push({ ok, text });
  probes.forEach((probe, i) => {
    const v = victim[i];
    check(
      v.latency !== undefined && v.latency.p99 < BUDGET.victimP99Ms,
      `victim ${probe.name} p99 under ${BUDGET.victimP99Ms} ms (${round(v.latency?.p99)} ms)`,
    );
    const lost = (v.statuses.timeout ?? 0) + (v.statuses.error ?? 0);
    check(
      lost === 0,
      `victim ${probe.name}: no timeout (${REQUEST_TIMEOUT_MS / 1000} s) or broken connection (${lost})`,
    );
  });
  const loginStatuses = victim[2].statuses;
  check(
    !loginStatuses['429'],
    `victim login never answered 429 (${loginStatuses['429'] ?? 0} of ${victim[2].count}; 200: ${loginStatuses['200'] ?? 0})`,
  );
  check(peakRss < BUDGET.rssMb, `server RSS under ${BUDGET.rssMb} MB (peak ${peakRss} MB)`);
  const serverErrors = {};
  for (const s of [attack, ...victim]) {
    for (const [kind, n] of Object.entries(s.serverErrors))
      serverErrors[kind] = (serverErrors[kind] ?? 0) + n;
  }
  const badErrors = Object.entries(serverErrors).filter(([kind]) => kind !== '503+Retry-After');
  check(badErrors.length === 0, `no 5xx but a 503 with Retry-After (5xx: ${counts(serverErrors)})`);
  if (flood.refused) {
    check(
      attack.refusalLatency !== undefined && attack.refusalsWithoutRetryAfter === 0,
      `attacker refused (429/503), each refusal with Retry-After (${attack.refusalLatency?.count ?? 0} refusals, ${attack.refusalsWithoutRetryAfter} without)`,
    );
    // Not a budget: most of these come in the first second, when the flood's few hundred connections arrive at
    // once, and the rest are slowed on purpose.
    const prompt = attack.promptRefusalLatency;
    lines.push(
      `   refusals   not slowed on purpose: ${prompt ? `${prompt.count}, p50 ${round(prompt.p50)} ms` : 'none'}`,
    );
  }
  if (flood.registrations) {
    // A registration that timed out may still have gone through: on PostgreSQL the accounts are counted once the
    // server is done, else the 201 answers are all there is to count.
    lines.push(`   after      server ${await settle(context.asset, { restart: false })}`);
    const stored = await countAccounts(emailPrefix);
    const answered = attack.statuses['201'] ?? 0;
    const accepted = stored ?? answered;
    check(
      accepted <= BUDGET.registrationsPerAddress,
      `at most ${BUDGET.registrationsPerAddress} registrations accepted from one address (${stored === undefined ? '' : `${stored} accounts made, `}${answered} answered 201, ${attack.statuses.timeout ?? 0} timed out)`,
    );
  }
  if (flood.guessesVictim) {
    lines.push(`   after      server ${await settle(context.asset, { restart: false })}`);
    const after = await send(server.base, {
      ...probes[2].request(),
      localAddress: VICTIM,
    });
    check(
      after.status === 200,
      `after the guessing, the owner logs in from their own address (${after.status}${after.status === 429 ? ': locked out' : ''})`,
    );
  }
  for (const { ok, text } of checks) lines.push(`   ${ok ? 'PASS' : 'FAIL'}  ${text}`);
  console.log(lines.join('\n'));
  return { flood: flood.name, ok: checks.every((c) => c.ok), peakRss, serverErrors, attack, victim };
}

// ---- The run ---------------------------------------------------------------------------------------------------

let exitCode;
try {
  // The static probe fetches a file of the built web app, and the server measured is the built one `npm start`
  // runs (without the TypeScript loader's ~150 MB): both are built when older than their sources.
  ensureBuilt();
  const runStarted = performance.now();
  const database = await chooseDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scholar-hostile-'));
  // The install's first start makes the database and its demo content, which leaves the embedded database's
  // WebAssembly memory larger for as long as that process lives; every later start (a deploy, a reboot) is what
  // runs for days, so the floods meet a server started again on the same data. Both figures are printed.
  await startServer();
  const firstStartRss = rssMb(server.pid);
  await stopServer();
  await startServer();
  console.log(
    `hostile load: ${chosen.length} floods of ${seconds} s against ${server.base} on ${database}, RSS ${rssMb(server.pid)} MB at rest (${firstStartRss} MB after the install's first start, with the demo content)`,
  );
  const context = await setUp(server.base);
  console.log(
    `set up: 6 articles of ~40 KB; victim probes from ${VICTIM}: /books, ${context.asset}, a valid login (an account per flood)`,
  );
  const results = [];
  for (const [index, flood] of chosen.entries()) {
    // A flood with its own server settings gets a server of its own (on the same data).
    const env = flood.serverEnv ?? {};
    if (JSON.stringify(env) !== JSON.stringify(server.env ?? {})) {
      const code = await stopServer();
      if (code !== 0) console.log(`the server exited with ${code} on SIGTERM`);
      await startServer(env);
    }
    results.push(await runFlood(flood, index, context));
  }
  // One line per flood, for the table in docs/performance.md.
  console.log(
    '\nflood            attacker req/s  prompt refusal p50   victim p99 page/static/login   peak RSS  5xx  budget',
  );
  for (const r of results) {
    const p99 = r.victim.map((v) => round(v.latency?.p99)).join(' / ');
    console.log(
      `${r.flood.padEnd(16)} ${String(Math.round(r.attack.count / r.attack.seconds)).padStart(14)}  ${(r.attack.promptRefusalLatency ? `${round(r.attack.promptRefusalLatency.p50)} ms` : '–').padStart(18)}   ${`${p99} ms`.padEnd(29)}  ${`${r.peakRss} MB`.padStart(8)}  ${counts(r.serverErrors)}  ${r.ok ? 'met' : 'NOT MET'}`,
    );
  }
  const failed = results.filter((r) => !r.ok).map((r) => r.flood);
  console.log(
    `\n${failed.length === 0 ? 'every budget met' : `budgets not met in: ${failed.join(', ')}`} (${((performance.now() - runStarted) / 1000).toFixed(0)} s in all)`,
  );
  exitCode = failed.length === 0 ? 0 : 1;
} catch (error) {
  // An abort (Ctrl-C) breaks the flood under way; the abort itself says how the run ends.
  if (!aborting) console.error(error);
  exitCode = 2;
} finally {
  const code = server && !aborting ? await stopServer() : 0;
  if (code !== 0) console.log(`the server exited with ${code} on SIGTERM`);
  await cleanup();
}
if (!aborting) process.exit(exitCode);
