import path from 'node:path';
import { isRenderBundle, localizePath, paths, RENDER_CONTRACT_VERSION } from '@scholar/shared';
import { describe, expect, it } from 'vitest';
import { loadRenderBundle, pageRenderer } from '../../src/modules/pages/renderer';
import { answeredFatwah, firstArticle, readSite } from './support/site-data';
import { SITE, useRenderedSite, WEB_DIST } from './support/site';

/**
 * The web app's real server build (`apps/web/dist-ssr`) as the server loads it: through the render contract
 * (packages/shared/src/render-contract.ts), its export checked, rendering a page in one pass from the reads its
 * route loaders make, none left for the browser.
 */

const site = useRenderedSite();
const SSR_ENTRY = path.join(WEB_DIST, '..', 'dist-ssr', 'entry-server.js');

/** The reads a rendered page hands the browser (its page data), by query key. */
function pageReads(dataScript: string): string[] {
  const json = new RegExp(`<script type="application/json" id="page-data">(.*)</script>`, 's').exec(
    dataScript,
  )?.[1];
  const data = JSON.parse(json ?? '{"reads":[]}') as { reads: { key: unknown[] }[] };
  return data.reads.map((read) => JSON.stringify(read.key));
}

describe('the render contract', () => {
  it('is what the real server build exports', async () => {
    const module: unknown = await import(SSR_ENTRY);
    expect(isRenderBundle(module)).toBe(true);
    expect((module as { contractVersion: number }).contractVersion).toBe(RENDER_CONTRACT_VERSION);
    expect(isRenderBundle({ render: () => undefined })).toBe(false);
    expect(isRenderBundle({ contractVersion: RENDER_CONTRACT_VERSION - 1, render: () => undefined })).toBe(
      false,
    );
  });

  it('renders each public page once, with every read its screens show made by its route loaders', async () => {
    const bundle = await loadRenderBundle(SSR_ENTRY);
    if (!bundle) throw new Error(`${SSR_ENTRY} is not built`);
    const render = pageRenderer(site.ctx.app, bundle, SITE);
    const data = await readSite(site.ctx.app);
    const fatwah = await answeredFatwah(site.ctx.app, data);
    const article = await firstArticle(site.ctx.app, data);
    const book = data.books[0];
    if (!book) throw new Error('the demo content has no book');
    const addresses = [
      paths.home,
      paths.books,
      `${paths.books}?page=2`,
      `${paths.books}?search=a&sort=price-asc`,
      paths.book(book._id),
      paths.articles,
      `${paths.articles}?search=a`,
      paths.article(article._id),
      paths.fatwahs,
      `${paths.fatwahs}?category=Prayer`,
      paths.fatwah(fatwah._id),
      paths.askFatwah,
      paths.about,
      localizePath('ur', paths.home),
      localizePath('bn', paths.fatwahs),
      '/no-such-page',
    ];
    for (const address of addresses) {
      const page = await render(address);
      if (page instanceof Response) throw new Error(`${address} redirected`);
      expect(page.unloaded, address).toEqual([]);
      expect(page.html.length, address).toBeGreaterThan(1000);
      expect(pageReads(page.dataScript), address).toContain('["settings"]');
    }
  });

  it('hands a page the reads of its item, and its related items once the item is found', async () => {
    const bundle = await loadRenderBundle(SSR_ENTRY);
    if (!bundle) throw new Error(`${SSR_ENTRY} is not built`);
    const render = pageRenderer(site.ctx.app, bundle, SITE);
    const fatwah = await answeredFatwah(site.ctx.app, await readSite(site.ctx.app));
    const page = await render(paths.fatwah(fatwah._id));
    if (page instanceof Response) throw new Error('redirected');
    expect(page.status).toBe(200);
    expect(pageReads(page.dataScript)).toEqual(
      expect.arrayContaining([
        JSON.stringify(['fatwahs', 'detail', fatwah._id]),
        JSON.stringify(['fatwahs', 'related', fatwah._id]),
      ]),
    );
  });
});
