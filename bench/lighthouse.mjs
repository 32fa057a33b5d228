// `npm run bench lighthouse`: Lighthouse 12 (performance, accessibility, best practices, SEO) in Debian's Chromium,
// mobile (Lighthouse's default: a mid-range phone on a slow 4G link, simulated) and desktop, on the home page, a
// book, the books list, the fatwah list, a fatwah, the article list and an article, against the built server on a throwaway
// embedded database with the demo content. Prints a table per form factor and, under it, every audit that did not
// pass with the few items it names. A benchmark: it prints figures and is not part of `npm test`.
//
//   npm run bench lighthouse                          both form factors, every category
//   npm run bench lighthouse -- --only seo            one category (or several: --only seo,a11y; also perf, bp)
//   npm run bench lighthouse -- --form mobile         one form factor (mobile or desktop)
//   npm run bench lighthouse -- --pages home,book     some pages (home, book, books, fatwahs, fatwah, articles, article,
//                                                     ur-home, ur-fatwah, bn-home, bn-books, floor); by default all
//   The `floor` row is a text-only page served by a process of its own (bench/lib/floor-page.mjs): what any page
//   costs in this browser on this machine. It is printed for comparison and is not held to the budgets.
//   npm run bench lighthouse -- --runs 5              each page N times (3 by default); prints the median of each figure
//   npm run bench lighthouse -- --json                the results as JSON on the last line too
//   npm run bench lighthouse -- --check               exit 1 when a mobile budget is not met
//   npm run bench lighthouse -- --save DIR            also write each run's full report (HTML and JSON) to DIR
//   npm run bench lighthouse -- --verbose             every scored audit of each page, passed or not
//   npm run bench lighthouse -- --no-script         the pages with every script blocked: what the page's own HTML,
//                                                     stylesheet, pictures and faces cost, apart from the app's start
//   npm run bench:seo                                 the same as --only seo --form mobile --runs 1
//   npm run bench lighthouse -- --slow-phone          a book, a fatwah and the home page in each language on a slow
//                                                     phone (400 kbps, 400 ms, CPU 4×, cold), measured in Chromium:
//                                                     when the text shows, when the buttons work, the bytes until
//                                                     then; the floor page in the same run (bench/lib/slow-phone.mjs)
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { defaultSettings } from 'lighthouse/core/config/constants.js';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { computeMedianRun, filterToValidRuns } from 'lighthouse/core/lib/median-run.js';
import { ensureChromium } from '../scripts/ensure-chromium.mjs';
import { freePort } from '../scripts/lib/free-port.mjs';
import { startServer } from './lib/server.mjs';
import { median } from './lib/median.mjs';
import { slowPhone } from './lib/slow-phone.mjs';

const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];
/**
 * What is cleared before each run: Lighthouse's own list (the HTTP cache is cleared apart), and the site's local
 * storage, so that every run is a first visit. Left behind, a note from an earlier run ("this language's face is
 * cached", docs/decisions/071) would describe a cache that Lighthouse has just emptied.
 */
const CLEARED_STORAGE = [...defaultSettings.clearStorageTypes, 'local_storage'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const SHORT = { performance: 'perf', accessibility: 'a11y', 'best-practices': 'best pr.', seo: 'SEO' };
/** The budgets (docs/performance.md), checked on mobile, the harder of the two. */
const BUDGETS = { performance: 98, accessibility: 100, 'best-practices': 100, seo: 100 };
/** The metric budgets on mobile (docs/performance.md): the largest paint, the blocked time and the layout shift. */
const METRIC_BUDGETS = { lcpMs: 1200, tbtMs: 50, cls: 0.02 };
const METRIC_LABELS = { lcpMs: 'LCP', tbtMs: 'TBT', cls: 'CLS' };
const FORMS = { mobile: undefined, desktop: desktopConfig };
const FORM_LABELS = {
  mobile: 'Mobile: Moto G Power 412×823, slow 4G (150 ms RTT, 1.6 Mbps), 4× CPU slowdown, simulated',
  desktop: 'Desktop: 1350×940, 40 ms RTT, 10 Mbps, no CPU slowdown, simulated',
};
/** Items printed under a failing audit. */
const ITEMS_SHOWN = 4;

function option(name) {
  const index = process.argv.indexOf(`--${name}`);
  if (index === -1) return undefined;
  const value = process.argv[index + 1];
  if (value === undefined || value.startsWith('--')) usage(`--${name} needs a value`);
  return value;
}

function usage(message) {
  console.error(`${message}\nSee the head of bench/lighthouse.mjs for the options.`);
  process.exit(2);
}

/** Short names accepted for the categories. */
const ALIASES = { perf: 'performance', a11y: 'accessibility', bp: 'best-practices' };

function listOption(name, allowed, fallback) {
  const value = option(name);
  if (value === undefined) return fallback;
  const chosen = value.split(',').map((part) => {
    const word = part.trim().toLowerCase();
    return ALIASES[word] ?? word;
  });
  const unknown = chosen.filter((part) => !allowed.includes(part));
  if (unknown.length > 0) usage(`Unknown --${name} ${unknown.join(', ')}: choose from ${allowed.join(', ')}`);
  return chosen;
}

const categories = listOption('only', CATEGORIES, CATEGORIES);
const forms = listOption('form', Object.keys(FORMS), Object.keys(FORMS));
const runs = Number(option('runs') ?? 3);
if (!Number.isInteger(runs) || runs < 1) usage('--runs takes a whole number from 1');
const asJson = process.argv.includes('--json');
const saveDir = option('save');
/** Attempts of one run: Chromium sometimes loses a trace (NO_NAVSTART and the like) on a busy machine. */
const ATTEMPTS = 3;
const check = process.argv.includes('--check');
const verbose = process.argv.includes('--verbose');
/** Blocks every script file (the small inline ones still run, the app never starts): the page as drawn. */
const noScript = process.argv.includes('--no-script');

async function firstId(origin, apiPath, pick) {
  const res = await fetch(`${origin}${apiPath}`);
  if (!res.ok) throw new Error(`GET ${apiPath} answered ${res.status}`);
  const id = pick(await res.json());
  if (!id) throw new Error(`GET ${apiPath} has no item: is the demo content seeded?`);
  return id;
}

/** The pages measured; `seoOnly` pages cost one quick SEO pass and are left out of the other categories. */
async function pagesOf(origin) {
  const all = [
    { name: 'home', path: '/' },
    { name: 'book', path: `/book/${await firstId(origin, '/api/books', (body) => body.data[0]?._id)}` },
    { name: 'books', path: '/books' },
    { name: 'fatwahs', path: '/fatwah' },
    { name: 'articles', path: '/articles' },
    {
      name: 'article',
      path: `/articles/${await firstId(origin, '/api/articles/recent?limit=1', (body) => body.data[0]?._id)}`,
    },
    {
      name: 'fatwah',
      path: `/fatwah/${await firstId(origin, '/api/fatwahs/public?limit=1', (body) => body.data[0]?._id)}`,
    },
    // Urdu (right to left, its face preloaded) and Bengali pages.
    { name: 'ur-home', path: '/ur' },
    {
      name: 'ur-fatwah',
      path: `/ur/fatwah/${await firstId(origin, '/api/fatwahs/public?limit=1', (body) => body.data[0]?._id)}`,
    },
    { name: 'bn-home', path: '/bn' },
    { name: 'bn-books', path: '/bn/books' },
    { name: 'floor', path: '/', floor: true },
  ];
  const names = listOption(
    'pages',
    all.map((page) => page.name),
    all.map((page) => page.name),
  );
  return all.filter((page) => names.includes(page.name));
}

const kib = (bytes) => `${Math.round(bytes / 1024)} KiB`;
const clip = (text, length = 160) => {
  const flat = String(text).replace(/\s+/g, ' ').trim();
  return flat.length > length ? `${flat.slice(0, length - 1)}…` : flat;
};

/** One line naming what an item of an audit's details points at, and what it costs. */
function describeItem(item) {
  const parts = [];
  const node = item.node ?? (item.type === 'node' ? item : undefined);
  if (node?.type === 'node') parts.push(node.snippet ?? node.selector ?? node.nodeLabel);
  const url = item.url ?? item.source?.url ?? (typeof item.source === 'string' ? item.source : undefined);
  if (url) parts.push(url);
  for (const key of ['label', 'groupLabel', 'description', 'text', 'phase', 'name', 'failureReason']) {
    if (typeof item[key] === 'string' && item[key]) parts.push(item[key]);
  }
  if (typeof item.wastedBytes === 'number') parts.push(`saves ${kib(item.wastedBytes)}`);
  if (typeof item.wastedMs === 'number') parts.push(`saves ${Math.round(item.wastedMs)} ms`);
  if (typeof item.timing === 'number') parts.push(`${Math.round(item.timing)} ms`);
  if (typeof item.duration === 'number') parts.push(`${Math.round(item.duration)} ms`);
  if (typeof item.transferSize === 'number' && typeof item.wastedBytes !== 'number') {
    parts.push(kib(item.transferSize));
  }
  if (typeof item.cacheLifetimeMs === 'number')
    parts.push(`cached ${Math.round(item.cacheLifetimeMs / 1000)} s`);
  // A layout shift names its element and its share of the score.
  if (typeof item.score === 'number' && node) parts.push(`shift ${item.score.toFixed(3)}`);
  if (node?.explanation) parts.push(node.explanation.split('\n').slice(0, 2).join(' '));
  return clip(parts.filter(Boolean).join(' | ') || JSON.stringify(item), 220);
}

/** The items of an audit's details, flattening the lists of tables some audits answer with. */
function itemsOf(details) {
  if (!details) return [];
  if (details.type === 'list') return details.items.flatMap((entry) => itemsOf(entry));
  if (details.type === 'table' || details.type === 'opportunity') return details.items ?? [];
  if (details.type === 'criticalrequestchain') {
    const urls = [];
    const walk = (chains) => {
      for (const chain of Object.values(chains ?? {})) {
        urls.push({ url: chain.request.url });
        walk(chain.children);
      }
    };
    walk(details.chains);
    return urls;
  }
  return [];
}

/**
 * The audits of the chosen categories that did not pass: score below 1 (below 0.9, Lighthouse's own pass mark,
 * for performance, where a metric is scored on a curve); informative, manual and not-applicable audits are left out.
 */
function failingAudits(lhr) {
  const seen = new Set();
  const failing = [];
  for (const id of categories) {
    const category = lhr.categories[id];
    if (!category) continue;
    for (const ref of category.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (!audit || seen.has(ref.id) || ref.group === 'hidden') continue;
      if (audit.score === null || ['manual', 'notApplicable', 'informative'].includes(audit.scoreDisplayMode))
        continue;
      const pass = id === 'performance' ? 0.9 : 1;
      if (audit.score >= pass) continue;
      seen.add(ref.id);
      failing.push({
        category: id,
        id: ref.id,
        title: audit.title,
        score: audit.score,
        displayValue: audit.displayValue,
        explanation: audit.explanation,
        items: itemsOf(audit.details).slice(0, ITEMS_SHOWN).map(describeItem),
        more: Math.max(0, itemsOf(audit.details).length - ITEMS_SHOWN),
      });
    }
  }
  return failing;
}

/** Every scored audit of the chosen categories, for --verbose. */
function everyAudit(lhr) {
  return categories.flatMap((id) =>
    (lhr.categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.group !== 'hidden')
      .map((ref) => lhr.audits[ref.id])
      .filter((audit) => audit && audit.score !== null)
      .map((audit) => ({ category: id, id: audit.id, score: audit.score, mode: audit.scoreDisplayMode })),
  );
}

/** What the LCP element was, from the audit that names it. */
function lcpElement(lhr) {
  const details = lhr.audits['largest-contentful-paint-element']?.details;
  const node = itemsOf(details).find((item) => item.node?.type === 'node')?.node;
  return node ? clip(node.snippet ?? node.selector, 160) : undefined;
}

function summarise(lhr) {
  const score = (id) =>
    lhr.categories[id]?.score === null || lhr.categories[id] === undefined
      ? undefined
      : Math.round(lhr.categories[id].score * 100);
  const numeric = (id) => lhr.audits[id]?.numericValue;
  return {
    scores: Object.fromEntries(CATEGORIES.map((id) => [id, score(id)])),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    fcpMs: numeric('first-contentful-paint'),
  };
}

async function measure(chrome, { url, name }, form, pageCategories) {
  const lhrs = [];
  for (let run = 0; run < runs; run++) {
    for (let attempt = 1; ; attempt++) {
      const result = await lighthouse(
        url,
        {
          port: chrome.port,
          output: saveDir ? ['html', 'json'] : 'json',
          logLevel: 'error',
          onlyCategories: pageCategories,
          clearStorageTypes: CLEARED_STORAGE,
          ...(noScript ? { blockedUrlPatterns: ['*.js'] } : {}),
        },
        FORMS[form],
      );
      const { lhr } = result;
      if (lhr.runtimeError) {
        const message = `${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`;
        if (attempt >= ATTEMPTS) throw new Error(message);
        console.error(`${message} (attempt ${attempt} of ${ATTEMPTS}, trying again)`);
        continue;
      }
      if (saveDir) {
        const base = path.join(saveDir, `${form}-${name}${runs > 1 ? `-${run + 1}` : ''}`);
        fs.mkdirSync(saveDir, { recursive: true });
        fs.writeFileSync(`${base}.report.html`, result.report[0]);
        fs.writeFileSync(`${base}.report.json`, result.report[1]);
      }
      lhrs.push(lhr);
      break;
    }
  }
  const summaries = lhrs.map(summarise);
  const figures = {
    scores: Object.fromEntries(
      CATEGORIES.map((id) => [id, median(summaries.map((summary) => summary.scores[id]))]),
    ),
    lcpMs: median(summaries.map((summary) => summary.lcpMs)),
    tbtMs: median(summaries.map((summary) => summary.tbtMs)),
    cls: median(summaries.map((summary) => summary.cls)),
    fcpMs: median(summaries.map((summary) => summary.fcpMs)),
  };
  // The audits of the run closest to the median FCP and TTI (Lighthouse's own choice), else of the first run.
  const valid = pageCategories.includes('performance') ? filterToValidRuns(lhrs) : [];
  const representative = valid.length > 0 ? computeMedianRun(valid) : lhrs[0];
  return {
    ...figures,
    lcpElement: lcpElement(representative),
    failing: failingAudits(representative),
    ...(verbose ? { audits: everyAudit(representative) } : {}),
  };
}

const cell = (value, width, format = String) =>
  (value === undefined || value === null ? '-' : String(format(value))).padStart(width);

function printTable(form, rows) {
  console.log(
    `\n${FORM_LABELS[form]}${runs > 1 ? `; median of ${runs} runs` : ''}${noScript ? '; script files blocked' : ''}`,
  );
  const header =
    `${'page'.padEnd(9)} ${CATEGORIES.map((id) => SHORT[id].padStart(8)).join(' ')} ` +
    `${'LCP ms'.padStart(7)} ${'TBT ms'.padStart(7)} ${'CLS'.padStart(6)}  path`;
  console.log(header);
  console.log('-'.repeat(header.length + 10));
  for (const row of rows) {
    const scores = CATEGORIES.map((id) => {
      const value = row.scores[id];
      const short = form === 'mobile' && !row.floor && value !== undefined && value < BUDGETS[id];
      return cell(value, 7) + (short ? '!' : ' ');
    }).join(' ');
    const over = (metric) =>
      form === 'mobile' && !row.floor && row[metric] !== undefined && row[metric] > METRIC_BUDGETS[metric]
        ? '!'
        : ' ';
    console.log(
      `${row.page.padEnd(9)} ${scores} ${cell(row.lcpMs, 7, Math.round)}${over('lcpMs')}${cell(row.tbtMs, 7, Math.round)}${over('tbtMs')}` +
        `${cell(row.cls, 6, (value) => value.toFixed(3))}${over('cls')} ${row.path}`,
    );
  }
  if (form === 'mobile') {
    console.log(
      `('!' marks a figure outside its budget: ${CATEGORIES.map((id) => `${SHORT[id]} ${id === 'performance' ? '≥ ' : ''}${BUDGETS[id]}`).join(', ')}, LCP ≤ ${METRIC_BUDGETS.lcpMs} ms, TBT ≤ ${METRIC_BUDGETS.tbtMs} ms, CLS ≤ ${METRIC_BUDGETS.cls})`,
    );
  }
  for (const row of rows) {
    if (row.lcpElement) console.log(`  ${row.page}: LCP element ${row.lcpElement}`);
  }
  for (const row of rows.filter((each) => each.audits)) {
    console.log(`\n  ${row.page} (${row.path}), every scored audit:`);
    for (const audit of row.audits) {
      console.log(`    ${String(audit.score).padEnd(5)} ${SHORT[audit.category].padEnd(8)} ${audit.id}`);
    }
  }
  for (const row of rows) {
    if (row.failing.length === 0) continue;
    console.log(`\n  ${row.page} (${row.path}), audits that did not pass:`);
    for (const audit of row.failing) {
      const value = audit.displayValue ? ` — ${audit.displayValue}` : '';
      console.log(`    ✗ [${SHORT[audit.category]}] ${audit.id}: ${audit.title}${value}`);
      if (audit.explanation) console.log(`        ${clip(audit.explanation, 200)}`);
      for (const item of audit.items) console.log(`        · ${item}`);
      if (audit.more > 0) console.log(`        · … and ${audit.more} more`);
    }
  }
}

/** Starts the floor page in a process of its own; resolves with its origin once it listens. */
async function startFloor() {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [path.join(import.meta.dirname, 'lib/floor-page.mjs'), String(port)],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise((resolve, reject) => {
    child.stdout.once('data', resolve);
    child.once('exit', (code) => reject(new Error(`the floor page exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill() };
}

// The slow phone, measured in the browser instead of Lighthouse's simulation (bench/lib/slow-phone.mjs).
if (process.argv.includes('--slow-phone')) {
  await slowPhone({ runs });
  process.exit(0);
}

const chromePath = ensureChromium();
const server = await startServer({ env: { SEED_DEMO: 'true' } });
let chrome;
let floor;
const results = {};
try {
  const pages = await pagesOf(server.url);
  if (pages.some((page) => page.floor)) floor = await startFloor();
  chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: 'error' });
  for (const form of forms) {
    const rows = [];
    for (const page of pages) {
      const pageCategories = page.seoOnly ? categories.filter((id) => id === 'seo') : categories;
      if (pageCategories.length === 0) continue;
      const figures = await measure(
        chrome,
        { url: `${page.floor ? floor.url : server.url}${page.path}`, name: page.name },
        form,
        pageCategories,
      );
      rows.push({
        page: page.name,
        path: page.floor ? 'a text-only page' : page.path,
        floor: page.floor,
        ...figures,
      });
    }
    results[form] = rows;
    printTable(form, rows);
  }
} finally {
  await chrome?.kill();
  floor?.stop();
  await server.stop();
}

const shortfalls = (results.mobile ?? [])
  .filter((row) => !row.floor)
  .flatMap((row) => [
    ...CATEGORIES.filter((id) => row.scores[id] !== undefined && row.scores[id] < BUDGETS[id]).map(
      (id) => `${row.page} ${SHORT[id]} ${row.scores[id]}`,
    ),
    ...(categories.includes('performance')
      ? Object.keys(METRIC_BUDGETS)
          .filter((metric) => row[metric] !== undefined && row[metric] > METRIC_BUDGETS[metric])
          .map((metric) => `${row.page} ${METRIC_LABELS[metric]} ${row[metric]}`)
      : []),
  ]);
console.log(
  `\nLighthouse ${categories.map((id) => SHORT[id]).join(', ')} in ${chromePath}: ` +
    (results.mobile
      ? shortfalls.length === 0
        ? 'every mobile budget met'
        : `mobile budgets not met: ${shortfalls.join(', ')}`
      : 'desktop only (budgets are checked on mobile)'),
);
if (asJson) console.log(JSON.stringify({ runs, categories, results }));
if (check && shortfalls.length > 0) process.exit(1);
