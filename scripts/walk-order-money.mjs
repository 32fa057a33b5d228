// A walk of one cash-on-delivery order with the demo's WELCOME10 at 390 px on a slow network, in en, ur and bn
// (docs/decisions/058): a customer checks out, and the checkout, success, order, tracking (the mail's signed link),
// desk order and desk list pages are drawn as PNG files, to be looked at. It needs a running server with demo content
// and the mails in its outbox (no SMTP_URL), e.g.:
//   DATA_DIR=/tmp/walk PORT=3300 ADMIN_EMAIL=admin@walk.example.com ADMIN_PASSWORD=walk-admin-password \
//     TRUST_PROXY=127.0.0.1 node apps/server/dist/main.js
//   WALK_URL=http://127.0.0.1:3300 WALK_DATA_DIR=/tmp/walk WALK_OUT=/tmp/walk-shots \
//     WALK_ADMIN_EMAIL=admin@walk.example.com WALK_ADMIN_PASSWORD=walk-admin-password node scripts/walk-order-money.mjs
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const base = process.env.WALK_URL ?? 'http://127.0.0.1:3300';
const dataDir = process.env.WALK_DATA_DIR ?? 'data';
const out = process.env.WALK_OUT ?? 'test-results/walk-order-money';
const admin = { email: process.env.WALK_ADMIN_EMAIL, password: process.env.WALK_ADMIN_PASSWORD };
fs.mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const api = async (method, url, body, headers = {}) => {
  const res = await fetch(base + url, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${url} ${res.status} ${text}`);
  return JSON.parse(text);
};
const login = await api('POST', '/api/auth/login', admin);
const auth = { authorization: `Bearer ${login.data.accessToken}` };
const settings = (await api('GET', '/api/settings')).data;
await api('PUT', '/api/settings', { ...settings, codEnabled: true, codMaxOrder: 100000, codFee: 30 }, auth);
const books = (await api('GET', '/api/books')).data;
const editionFor = { en: 'english', ur: 'urdu', bn: 'bengali' };
let n = 0;
for (const locale of ['en', 'ur', 'bn']) {
  n += 1;
  const prefix = locale === 'en' ? '' : `/${locale}`;
  const language = editionFor[locale];
  const book =
    books.find((b) => b.editions.some((e) => e.language === language && e.stock !== 0)) ?? books[0];
  const lang = book.editions.some((e) => e.language === language && e.stock !== 0) ? language : 'english';
  const email = `shots.${locale}.${Date.now()}@example.com`;
  const reg = await api(
    'POST',
    '/api/auth/register',
    { name: 'Amina Khatun', email, phone: '9830044444', password: 'amina-pass-1' },
    { 'x-forwarded-for': `10.66.0.${n}` },
  );
  const cauth = { authorization: `Bearer ${reg.data.accessToken}` };
  await api(
    'POST',
    '/api/addresses',
    {
      userId: reg.data.user._id,
      address: {
        addressType: 'Home',
        addressLine1: '9 Elliot Road',
        city: 'Kolkata',
        state: 'West Bengal',
        pincode: '700016',
      },
    },
    cauth,
  );
  await api(
    'POST',
    '/api/cart/add',
    { bookId: book._id, quantity: 2, userId: reg.data.user._id, selectedLanguage: lang },
    cauth,
  );
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: 200_000,
    uploadThroughput: 100_000,
  });
  await page.goto(base + '/');
  await page.evaluate(
    ([a, r]) => {
      localStorage.setItem('accessToken', JSON.stringify(a));
      localStorage.setItem('refreshToken', JSON.stringify(r));
    },
    [reg.data.accessToken, reg.data.refreshToken],
  );
  await page.goto(`${base}${prefix}/checkout`);
  const codeField = page.locator('input[autocomplete="off"][maxlength="40"]');
  await codeField.fill('welcome10');
  await codeField.press('Enter');
  await page.waitForTimeout(1500);
  await page.locator('input[type="radio"][value="cod"]').check();
  await page.waitForTimeout(500);
  await page.screenshot({ path: path.join(out, `${locale}-1-checkout.png`), fullPage: true });
  await page.locator('main button.w-full, button.mt-6.w-full').last().click();
  await page.waitForURL(/payment\/success/, { timeout: 30000 });
  await page.waitForTimeout(1000);
  await page.screenshot({ path: path.join(out, `${locale}-2-success.png`), fullPage: true });
  await page.locator('a[href*="order-details"]').first().click();
  await page.waitForURL(/order-details/);
  await page.getByTestId('money-summary').waitFor();
  await page.waitForTimeout(500);
  await page.screenshot({ path: path.join(out, `${locale}-3-order.png`), fullPage: true });
  const orderId = /order-details\/([0-9a-f-]{36})/.exec(page.url())[1];
  const outbox = path.join(dataDir, 'outbox');
  let link;
  for (let i = 0; i < 50 && !link; i += 1) {
    for (const f of fs.readdirSync(outbox)) {
      const t = fs
        .readFileSync(path.join(outbox, f), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '=');
      if (new RegExp(`^To: ${email}`, 'mi').test(t))
        link = /http:\/\/[^\s"<>]+\/track\/ORD-[^\s"<>]+/.exec(t)?.[0];
      if (link) break;
    }
    if (!link) await new Promise((r) => setTimeout(r, 100));
  }
  const u = new URL(link);
  await page.goto(base + u.pathname + u.search);
  await page.getByTestId('money-summary').waitFor();
  await page.waitForTimeout(500);
  await page.screenshot({ path: path.join(out, `${locale}-4-tracking.png`), fullPage: true });
  const desk = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const dp = await desk.newPage();
  await dp.goto(base + '/');
  await dp.evaluate((s) => {
    localStorage.setItem('accessToken', JSON.stringify(s.accessToken));
    localStorage.setItem('refreshToken', JSON.stringify(s.refreshToken));
    localStorage.setItem('user', JSON.stringify(s.user));
  }, login.data);
  await dp.goto(`${base}/admin/orders/${orderId}`);
  await dp.getByTestId('money-summary').waitFor();
  await dp.waitForTimeout(500);
  await dp.screenshot({ path: path.join(out, `${locale}-5-desk.png`), fullPage: true });
  await dp.goto(`${base}/admin/dashboard`);
  const due = dp.locator('ul[aria-label="Orders"]').getByText('due, not collected').first();
  await due.waitFor();
  // The list's first card (the newest order, this one) in view: its phone and its payment state.
  await dp.locator('ul[aria-label="Orders"] > li').first().scrollIntoViewIfNeeded();
  await dp.screenshot({ path: path.join(out, `${locale}-6-desk-list.png`), fullPage: false });
  await desk.close();
  await context.close();
  console.log(locale, 'done', orderId);
}
await api('PUT', '/api/settings', settings, auth);
await browser.close();
