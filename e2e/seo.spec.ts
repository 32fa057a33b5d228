import type { APIRequestContext, Page } from '@playwright/test';
import { API_BASE, ITEM_PAGES, paths, PUBLIC_PAGES } from '@scholar/shared';
import { E2E_ADMIN } from './fixtures/accounts';
import { expect, test } from './fixtures/test';

/** A published article, written through the editors' API; its title tries to break out of the JSON-LD. */
async function publishArticle(request: APIRequestContext, title: string): Promise<string> {
  const login = await request.post('/api/auth/login', {
    data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password, role: 'admin' },
  });
  expect(login.status()).toBe(200);
  const { accessToken } = (await login.json()).data as { accessToken: string };
  const created = await request.post('/api/articles/admin', {
    headers: { authorization: `Bearer ${accessToken}` },
    data: {
      title,
      content: 'Sincerity is the soul of every deed.\n\nWithout it, deeds are bodies without a soul.',
      author: 'Shaikh Abdullah',
      featuredImage: '/api/uploads/demo/article-2.webp',
      isPublished: true,
    },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()).data as { _id: string })._id;
}

/** Collects every Content-Security-Policy violation the page reports, from before its first script. */
async function watchCsp(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

// What an article page's HTML carries as it arrives (its JSON-LD, safe from its title; a missing article's 404 and
// noindex) is read without a browser, in apps/server/test/pages/heads.test.ts.

test('an article page with its JSON-LD boots the SPA without CSP errors, and its title never runs', async ({
  page,
  request,
  baseURL,
}) => {
  const title = `Sincerity </script><script>window.pwned = true</script> & "intention" ${Date.now()}`;
  const id = await publishArticle(request, title);

  const cspViolations = await watchCsp(page);
  await page.goto(`/articles/${id}`);
  // The SPA has rendered the article.
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page).toHaveTitle(`${title} | Darul Ilm`);

  const blocks = page.locator('script[type="application/ld+json"]');
  await expect(blocks).toHaveCount(1);
  const data = JSON.parse((await blocks.textContent()) ?? '') as Record<string, unknown>;
  expect(data).toMatchObject({
    '@type': 'Article',
    headline: title,
    author: { '@type': 'Person', name: 'Shaikh Abdullah' },
    image: [`${baseURL}/api/uploads/demo/article-2.webp`],
  });
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/articles/${id}`);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', `${title} | Darul Ilm`);

  // The title's script never ran, and the data block broke no policy (the console check fails on any error).
  // zod probes once whether eval is allowed (`Function('')` in a try) and takes the answer no: that probe is the
  // only violation the page may report.
  expect(await page.evaluate(() => (window as unknown as { pwned?: boolean }).pwned)).toBeUndefined();
  expect((await cspViolations()).filter((violation) => violation !== 'script-src eval')).toEqual([]);
});

/** Records the API reads the page asks for (path and query as sent), not its pictures; `stop` ends the recording. */
function recordReads(page: Page) {
  const asked: string[] = [];
  const listener = (req: { url(): string; method(): string }) => {
    const url = new URL(req.url());
    if (
      req.method() === 'GET' &&
      url.pathname.startsWith(`${API_BASE}/`) &&
      !url.pathname.startsWith(`${API_BASE}/uploads/`)
    ) {
      asked.push(`${url.pathname}${url.search}`);
    }
  };
  page.on('request', listener);
  return { asked, stop: () => page.off('request', listener) };
}

/**
 * Opens `path` as a first visit: the page arrives rendered with the answers of its first reads (the route
 * contract's), so the head preloads no read and the screen asks for none.
 */
async function expectReadsCameWithPage(page: Page, path: string, heading: string | RegExp) {
  const reads = recordReads(page);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await page.waitForLoadState('networkidle');
  reads.stop();
  expect(await page.locator('link[rel="preload"][as="fetch"]').count(), path).toBe(0);
  const carried = JSON.parse((await page.locator('#page-data').textContent()) ?? '{}') as {
    reads?: unknown[];
  };
  expect(carried.reads?.length ?? 0, path).toBeGreaterThan(0);
  expect(reads.asked, path).toEqual([]);
}

test('a public page carries the reads it was made from: the head preloads none and the screen asks for none', async ({
  page,
  request,
}) => {
  const book = ((await (await request.get('/api/books')).json()).data as { _id: string }[])[0]!._id;
  const article = (
    (await (await request.get('/api/articles/recent?limit=1')).json()).data as { _id: string }[]
  )[0]!._id;
  const screens: [path: string, ready: RegExp][] = [
    [PUBLIC_PAGES.home.path, /Sacred knowledge/],
    [ITEM_PAGES.book.path(book), /./],
    [PUBLIC_PAGES.fatwahs.path, /Islamic Fatwahs/],
    [ITEM_PAGES.article.path(article), /./],
  ];
  for (const [path, heading] of screens) await expectReadsCameWithPage(page, path, heading);
});

test('a visitor opens the books list, then a book from it: the list came with its page, the book is one read', async ({
  page,
}) => {
  await expectReadsCameWithPage(page, PUBLIC_PAGES.books.path, /^Books$/);

  // In the app, the book's screen asks for the book once (no HTML comes from the server, so nothing is preloaded).
  const reads = recordReads(page);
  const first = page.getByRole('main').getByRole('heading', { level: 3 }).first().getByRole('link');
  const name = (await first.textContent()) ?? '';
  await first.click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const id = new URL(page.url()).pathname.split('/').at(-1) ?? '';
  expect(new URL(page.url()).pathname).toBe(paths.book(id));
  await page.waitForLoadState('networkidle');
  reads.stop();
  expect(reads.asked.filter((url) => url.startsWith(`${API_BASE}/books/`))).toEqual(
    ITEM_PAGES.book.firstReads(id).map((read) => `${API_BASE}${read}`),
  );

  // Opened directly, the same book's page comes with that read.
  await expectReadsCameWithPage(page, paths.book(id), name);
});
