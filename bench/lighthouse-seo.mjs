// `npm run bench:seo`: Lighthouse's SEO category on the home page, a book, an article and a fatwah, in Debian's
// Chromium, against the built server on a throwaway embedded database with the demo content. Prints the scores
// and every audit that did not pass. A benchmark: it prints figures and is not part of `npm test`.
//
//   npm run bench:seo                 all four pages
//   npm run bench:seo -- --verbose    every audit of the category with its score
//   npm run bench:seo -- --json       the scores as JSON on the last line too
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { ensureChromium } from '../scripts/ensure-chromium.mjs';
import { ensureBuilt, root, serverEntry } from '../scripts/lib/build.mjs';

const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

async function waitForHealth(origin, server, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      const res = await fetch(`${origin}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the server did not become healthy in time');
}

async function firstId(origin, apiPath, pick) {
  const res = await fetch(`${origin}${apiPath}`);
  if (!res.ok) throw new Error(`GET ${apiPath} answered ${res.status}`);
  const id = pick(await res.json());
  if (!id) throw new Error(`GET ${apiPath} has no item: is the demo content seeded?`);
  return id;
}

const chromePath = ensureChromium();
ensureBuilt();

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scholar-seo-'));
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [serverEntry], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: origin,
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    DATABASE_URL: '',
  },
});

let chrome;
const results = [];
try {
  await waitForHealth(origin, server);
  const pages = [
    ['home', '/'],
    ['book', `/book/${await firstId(origin, '/api/books', (body) => body.data[0]?._id)}`],
    [
      'article',
      `/articles/${await firstId(origin, '/api/articles/recent?limit=1', (body) => body.data[0]?._id)}`,
    ],
    [
      'fatwah',
      `/fatwah/${await firstId(origin, '/api/fatwahs/public?limit=1', (body) => body.data[0]?._id)}`,
    ],
  ];

  chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: 'error' });
  for (const [name, pagePath] of pages) {
    const runner = await lighthouse(`${origin}${pagePath}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['seo'],
    });
    const { categories, audits, runtimeError } = runner.lhr;
    if (runtimeError) throw new Error(`${name}: ${runtimeError.code} ${runtimeError.message}`);
    const score = Math.round((categories.seo.score ?? 0) * 100);
    const failed = categories.seo.auditRefs
      .map((ref) => audits[ref.id])
      .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'manual');
    results.push({ page: name, path: pagePath, score, failed: failed.map((audit) => audit.id) });
    console.log(`${name.padEnd(8)} ${String(score).padStart(3)}  ${pagePath}`);
    if (process.argv.includes('--verbose')) {
      for (const ref of categories.seo.auditRefs) {
        const audit = audits[ref.id];
        console.log(
          `         ${String(audit.score ?? '-').padEnd(4)} ${audit.scoreDisplayMode.padEnd(14)} ${ref.id}`,
        );
      }
    }
    for (const audit of failed) {
      console.log(
        `         ✗ ${audit.id}: ${audit.title}${audit.explanation ? ` (${audit.explanation})` : ''}`,
      );
      for (const item of audit.details?.items ?? [])
        console.log(`           ${JSON.stringify(item).slice(0, 300)}`);
    }
  }
} finally {
  await chrome?.kill();
  server.kill('SIGTERM');
  await new Promise((resolve) => (server.exitCode === null ? server.once('exit', resolve) : resolve()));
  fs.rmSync(dataDir, { recursive: true, force: true });
}

console.log(
  `Lighthouse SEO (Chromium ${chromePath}): ${results.map((r) => `${r.page} ${r.score}`).join(', ')}`,
);
if (process.argv.includes('--json')) console.log(JSON.stringify(results));
