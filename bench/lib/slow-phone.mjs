// `npm run bench lighthouse -- --slow-phone`: the public pages as a reader on a slow phone gets them, measured in
// Chromium rather than simulated: 390 px wide, 400 kbps down and up, 400 ms round trips, the CPU slowed 4×, a cold
// cache (a new browser context per load). For a book, a fatwah and the home page in each language, and the floor
// page (a process of its own, bench/lib/floor-page.mjs) in the same run, it prints the median of `--runs` loads:
//   text        when the first text was painted (first contentful paint)
//   buttons     when the page's buttons work: the app has hydrated the page the server sent (an element of the
//               root carries React's props); the floor has no script, so its buttons work with its text
//   gap         buttons − text
//   KB          what came over the network until the buttons worked (bodies and headers, as sent)
/* global document, window -- the functions handed to the page run there */
import { spawn } from 'node:child_process';
import { chromium } from 'playwright-core';
import { ensureChromium } from '../../scripts/ensure-chromium.mjs';
import { freePort } from '../../scripts/lib/free-port.mjs';
import { startServer } from './server.mjs';
import { median } from './median.mjs';

/** The site's languages (packages/shared's LOCALES). */
const LOCALES = ['en', 'ur', 'bn'];

/** The phone and its network (Chrome's own "slow 3G" is 400 kbps at 400 ms). */
export const SLOW_PHONE = { width: 390, height: 844, downKbps: 400, upKbps: 400, rttMs: 400, cpuSlowdown: 4 };

async function firstId(origin, apiPath) {
  const res = await fetch(`${origin}${apiPath}`);
  if (!res.ok) throw new Error(`GET ${apiPath} answered ${res.status}`);
  const id = (await res.json()).data[0]?._id;
  if (!id) throw new Error(`GET ${apiPath} has no item: is the demo content seeded?`);
  return id;
}

/** Watches the page until the app has hydrated the server's HTML, and says when (in the page's clock). */
const WATCH_HYDRATION = () => {
  const look = () => {
    // React's props on an element of the root: hydrated (a resource React put first, a `<link>`, carries none).
    const children = [...(document.getElementById('root')?.children ?? [])];
    if (children.some((child) => Object.keys(child).some((key) => key.startsWith('__reactProps$')))) {
      window.__buttonsWorkAt = performance.now();
      window.__buttonsWork?.();
      return;
    }
    setTimeout(look, 25);
  };
  look();
};

/** One cold load of `url` on the slow phone: its times and bytes. */
async function load(browser, url, { hydrates }) {
  const context = await browser.newContext({
    viewport: { width: SLOW_PHONE.width, height: SLOW_PHONE.height },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: SLOW_PHONE.rttMs,
    downloadThroughput: (SLOW_PHONE.downKbps * 1000) / 8,
    uploadThroughput: (SLOW_PHONE.upKbps * 1000) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_PHONE.cpuSlowdown });
  const received = new Map();
  cdp.on('Network.dataReceived', (event) => {
    received.set(event.requestId, (received.get(event.requestId) ?? 0) + event.encodedDataLength);
  });
  cdp.on('Network.loadingFinished', (event) => received.set(event.requestId, event.encodedDataLength));
  const bytesNow = () => [...received.values()].reduce((sum, bytes) => sum + bytes, 0);
  let bytesAtButtons;
  const buttons = new Promise((resolve) => {
    void page.exposeFunction('__buttonsWork', () => {
      bytesAtButtons = bytesNow();
      resolve();
    });
  });
  if (hydrates) await page.addInitScript(WATCH_HYDRATION);
  await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
  if (hydrates) await Promise.race([buttons, page.waitForTimeout(60_000)]);
  const figures = await page.evaluate(async () => ({
    // The first paint of text, once the browser has reported it.
    textMs: await new Promise((resolve) => {
      new PerformanceObserver((list) => {
        const paint = list.getEntriesByName('first-contentful-paint')[0];
        if (paint) resolve(paint.startTime);
      }).observe({ type: 'paint', buffered: true });
      setTimeout(() => resolve(undefined), 10_000);
    }),
    buttonsMs: window.__buttonsWorkAt,
  }));
  const bytes = hydrates ? bytesAtButtons : bytesNow();
  await context.close();
  return { textMs: figures.textMs, buttonsMs: hydrates ? figures.buttonsMs : figures.textMs, bytes };
}

/** Measures the pages and prints the table; answers the rows. */
export async function slowPhone({ runs }) {
  const floorPort = await freePort();
  const floor = spawn(process.execPath, ['bench/lib/floor-page.mjs', String(floorPort)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve) => floor.stdout.once('data', resolve));
  const server = await startServer({ env: { SEED_DEMO: 'true' } });
  const browser = await chromium.launch({
    executablePath: ensureChromium(),
    args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const book = await firstId(server.url, '/api/books');
    const fatwah = await firstId(server.url, '/api/fatwahs/public?limit=1');
    const prefix = (locale) => (locale === 'en' ? '' : `/${locale}`);
    const pages = [
      { name: 'floor', url: `http://127.0.0.1:${floorPort}/`, hydrates: false },
      ...LOCALES.flatMap((locale) => [
        { name: `${locale} home`, url: `${server.url}${prefix(locale) || '/'}`, hydrates: true },
        { name: `${locale} book`, url: `${server.url}${prefix(locale)}/book/${book}`, hydrates: true },
        { name: `${locale} fatwah`, url: `${server.url}${prefix(locale)}/fatwah/${fatwah}`, hydrates: true },
      ]),
    ];
    console.log(
      `Slow phone: ${SLOW_PHONE.width} px, ${SLOW_PHONE.downKbps} kbps, ${SLOW_PHONE.rttMs} ms RTT, ` +
        `CPU ${SLOW_PHONE.cpuSlowdown}× slower, cold cache; median of ${runs}`,
    );
    console.log('page           text s  buttons s   gap s     KB');
    const rows = [];
    for (const page of pages) {
      const loads = [];
      for (let run = 0; run < runs; run++) loads.push(await load(browser, page.url, page));
      const row = {
        name: page.name,
        textMs: median(loads.map((each) => each.textMs)),
        buttonsMs: median(loads.map((each) => each.buttonsMs)),
        kb: median(loads.map((each) => (each.bytes ?? NaN) / 1000)),
      };
      rows.push(row);
      const s = (ms) => (ms === undefined ? '    –' : (ms / 1000).toFixed(2).padStart(5));
      console.log(
        `${row.name.padEnd(14)} ${s(row.textMs)}   ${s(row.buttonsMs)}   ${s(
          row.buttonsMs === undefined || row.textMs === undefined ? undefined : row.buttonsMs - row.textMs,
        )}  ${Number.isFinite(row.kb) ? String(Math.round(row.kb)).padStart(5) : '    –'}`,
      );
    }
    return rows;
  } finally {
    await browser.close();
    await server.stop?.();
    floor.kill();
  }
}
