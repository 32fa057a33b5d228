// `npm run bench lighthouse -- --slow-phone`: the public pages as a reader on a slow phone gets them, measured in
// Chromium rather than simulated: 390 px wide, 400 kbps down and up, 400 ms round trips, the CPU slowed 4×, a cold
// cache (a new browser context per load). For a book, a fatwah and the home page in each language, and the floor
// page (a process of its own, bench/lib/floor-page.mjs) in the same run, it prints the median of `--runs` loads:
//   text        when the first text was painted (first contentful paint)
//   button      when the page's first button worked: the reader presses it the moment it is on the screen, and this
//               is when the page acted on the press (the phone menu opened; Add to Cart's form was sent). A press
//               waits while the page's main thread is busy (the app's script, hydration), so this is when the
//               button answers, whether the app has run or not. The floor has no button: its text time stands in
//   gap         button − text
//   KB          what came over the network until then (bodies and headers, as sent)
//   app         when the app had hydrated the page (an element of the root carries React's props), for comparison;
//               none where the press took the reader to another page (Add to Cart before the app ran)
//   ok          the press did what it says: the menu's links shown, or the book in the cart
/* global document, window, MutationObserver -- the functions handed to the page run there */
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

/** The first button of each kind of page, as it is before the app runs and after. */
const BUTTONS = {
  // The phone menu: a `<details>` until the app runs, then the app's button.
  menu: 'details:has(#mobile-menu) > summary, button[aria-controls="mobile-menu"]',
  // Add to Cart: a form's submit button, before the app runs and after.
  cart: 'form:has(input[name="_form"][value="addToCart"]) button[type="submit"]',
};

async function firstId(origin, apiPath) {
  const res = await fetch(`${origin}${apiPath}`);
  if (!res.ok) throw new Error(`GET ${apiPath} answered ${res.status}`);
  const id = (await res.json()).data[0]?._id;
  if (!id) throw new Error(`GET ${apiPath} has no item: is the demo content seeded?`);
  return id;
}

/**
 * Runs in the page from its first byte: tells the bench when the first text is painted, when the page's first
 * button is on the screen (the bench then presses it), when the page acts on a press (the phone menu opens, a form
 * is sent), and when the app has hydrated the page. Times are the page's clock (from its navigation).
 */
const WATCH = (selector) => {
  new PerformanceObserver((list) => {
    const paint = list.getEntriesByName('first-contentful-paint')[0];
    if (paint) window.__text?.(paint.startTime);
  }).observe({ type: 'paint', buffered: true });
  let acted = false;
  const act = () => {
    if (acted) return;
    acted = true;
    window.__acted?.(performance.now());
  };
  // The menu as a disclosure opens (`toggle` reaches the document's capture); Add to Cart's form is sent.
  document.addEventListener('toggle', (event) => event.target.open && act(), true);
  document.addEventListener('submit', act, true);
  // The app's menu button opens its panel.
  new MutationObserver(() => {
    if (document.querySelector('button[aria-controls="mobile-menu"][aria-expanded="true"]')) act();
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['aria-expanded'] });
  let pressed = false;
  const look = () => {
    const button = document.querySelector(selector);
    const box = button?.getBoundingClientRect();
    if (!pressed && box && box.width > 0 && box.height > 0) {
      pressed = true;
      window.__press?.(performance.now());
    }
    const children = [...(document.getElementById('root')?.children ?? [])];
    if (children.some((child) => Object.keys(child).some((key) => key.startsWith('__reactProps$')))) {
      window.__hydrated?.(performance.now());
      if (pressed) return;
    }
    setTimeout(look, 16);
  };
  look();
};

/** One cold load of `url` on the slow phone: its times and bytes. */
async function load(browser, url, { button }) {
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

  const figures = { textMs: undefined, buttonMs: undefined, hydratedMs: undefined, bytes: undefined };
  let resolveActed;
  const acted = new Promise((resolve) => (resolveActed = resolve));
  await page.exposeFunction('__text', (ms) => (figures.textMs ??= ms));
  let resolveHydrated;
  const hydrated = new Promise((resolve) => (resolveHydrated = resolve));
  await page.exposeFunction('__hydrated', (ms) => {
    figures.hydratedMs ??= ms;
    resolveHydrated();
  });
  await page.exposeFunction('__acted', (ms) => {
    if (figures.buttonMs !== undefined) return;
    figures.buttonMs = ms;
    figures.bytes = bytesNow();
    resolveActed();
  });
  // Pressed the moment it is on the screen, as a reader would: a tap through the browser's input, which the page
  // takes when its main thread is free.
  await page.exposeFunction('__press', () => {
    if (!button) return;
    void page.tap(BUTTONS[button], { noWaitAfter: true, timeout: 60_000 }).catch(() => undefined);
  });
  await page.addInitScript(WATCH, button ? BUTTONS[button] : 'none');
  await page.goto(url, { waitUntil: 'commit', timeout: 120_000 });
  let ok = true;
  if (button) {
    await Promise.race([acted, page.waitForTimeout(60_000)]);
    ok = await (
      button === 'menu'
        ? page
            .locator('#mobile-menu a')
            .first()
            .waitFor({ state: 'visible', timeout: 30_000 })
            .then(() => true)
        : Promise.race([
            page.waitForURL(/\/cart$/, { timeout: 30_000 }),
            // Pressed after the app ran: its cart panel.
            page.locator('[role="dialog"]').first().waitFor({ state: 'visible', timeout: 30_000 }),
          ]).then(() => true)
    ).catch(() => false);
    // The app's own time, for comparison, where the press left the page as it was (the menu).
    if (button === 'menu') await Promise.race([hydrated, page.waitForTimeout(60_000)]);
  } else {
    await page.waitForLoadState('load', { timeout: 120_000 });
    await page.waitForTimeout(500);
  }
  await context.close();
  return {
    textMs: figures.textMs,
    buttonMs: button ? figures.buttonMs : figures.textMs,
    hydratedMs: figures.hydratedMs,
    bytes: button ? figures.bytes : bytesNow(),
    ok,
  };
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
      { name: 'floor', url: `http://127.0.0.1:${floorPort}/` },
      ...LOCALES.flatMap((locale) => [
        { name: `${locale} home`, url: `${server.url}${prefix(locale) || '/'}`, button: 'menu' },
        { name: `${locale} book`, url: `${server.url}${prefix(locale)}/book/${book}`, button: 'cart' },
        { name: `${locale} fatwah`, url: `${server.url}${prefix(locale)}/fatwah/${fatwah}`, button: 'menu' },
      ]),
    ];
    console.log(
      `Slow phone: ${SLOW_PHONE.width} px, ${SLOW_PHONE.downKbps} kbps, ${SLOW_PHONE.rttMs} ms RTT, ` +
        `CPU ${SLOW_PHONE.cpuSlowdown}× slower, cold cache; median of ${runs}`,
    );
    console.log('page           text s  button s   gap s     KB   app s  ok');
    const rows = [];
    for (const page of pages) {
      const loads = [];
      for (let run = 0; run < runs; run++) loads.push(await load(browser, page.url, page));
      const row = {
        name: page.name,
        textMs: median(loads.map((each) => each.textMs)),
        buttonMs: median(loads.map((each) => each.buttonMs)),
        hydratedMs: median(loads.map((each) => each.hydratedMs)),
        kb: median(loads.map((each) => (each.bytes ?? NaN) / 1000)),
        ok: loads.every((each) => each.ok),
      };
      rows.push(row);
      const s = (ms) => (ms === undefined ? '    –' : (ms / 1000).toFixed(2).padStart(5));
      const gap =
        row.buttonMs === undefined || row.textMs === undefined ? undefined : row.buttonMs - row.textMs;
      console.log(
        `${row.name.padEnd(14)} ${s(row.textMs)}    ${s(row.buttonMs)}   ${s(gap)}  ${
          Number.isFinite(row.kb) ? String(Math.round(row.kb)).padStart(5) : '    –'
        }   ${s(row.hydratedMs)}  ${row.ok ? 'yes' : 'NO'}`,
      );
    }
    return rows;
  } finally {
    await browser.close();
    await server.stop?.();
    floor.kill();
  }
}
