import path from 'node:path';
import { API_BASE, type Book } from '@scholar/shared';
import { afterAll, beforeAll, expect } from 'vitest';
import { seedDemoContent, type DrawnDemoImages } from '../../../src/db/seed';
import { authHeader, createTestApp, type TestContext } from '../../support/app';
import { createUser } from '../../support/factories';
import { multipart } from '../../support/multipart';
import { makeImage } from '../../support/test-images';

/** The web app's real build: `dist` (index.html, the assets) beside `dist-ssr`, the server build that renders. */
export const WEB_DIST = path.resolve(import.meta.dirname, '../../../../web/dist');

/** The demo pictures as drawn by the first file of a worker, for the files after it (they share the worker). */
const drawn: DrawnDemoImages = new Map();

/** The address the site says it is at: every absolute URL of a page (canonical, JSON-LD) starts with it. */
export const SITE = 'http://localhost:3000';

export interface RenderedSite {
  ctx: TestContext;
  /** `Authorization` header of the site's admin, who answered the demo fatwahs. */
  admin: () => Promise<Record<string, string>>;
}

/** A book added through the admin API, as the desk adds one, with a cover. */
export async function addBook(
  site: RenderedSite,
  fields: { name: string; author: string; description: string; price: number },
): Promise<Book> {
  const { payload, headers } = await multipart([
    ...Object.entries(fields).map(([name, value]) => ({ name, value: String(value) })),
    { name: 'images', file: await makeImage('png', 30, 40), filename: 'cover.png' },
  ]);
  const res = await site.ctx.app.inject({
    method: 'POST',
    url: `${API_BASE}/books`,
    headers: { ...headers, ...(await site.admin()) },
    payload,
  });
  expect(res.statusCode, `adding ${fields.name}`).toBe(201);
  return res.json<{ data: Book }>().data;
}

/**
 * The app for one test file, rendering its pages with the real server build, on a database holding the demo
 * content as the journeys' server seeds it; `env` is set on top. The tests of a
 * file share that content: a test that adds something leaves the demo content as it was.
 */
export function useRenderedSite(env: Record<string, string> = {}): RenderedSite {
  let ctx: TestContext | undefined;
  let adminId: string | undefined;
  beforeAll(async () => {
    ctx = await createTestApp({
      WEB_DIST_DIR: WEB_DIST,
      PUBLIC_URL: SITE,
      // The public cache as in production: pages kept, and cleared by the writes of their area.
      PUBLIC_CACHE_TTL_MS: '30000',
      ...env,
    });
    const admin = await createUser(ctx.database.db, { role: 'admin', name: 'Site Admin' });
    adminId = admin.id;
    await seedDemoContent(ctx.database.db, ctx.app.uploads, admin.id, drawn);
  });
  afterAll(async () => {
    await ctx?.close();
  });
  const current = () => {
    if (!ctx) throw new Error('the site is made in beforeAll: use it inside a hook or a test');
    return ctx;
  };
  return {
    get ctx() {
      return current();
    },
    admin: () => authHeader(current(), { id: adminId ?? '', role: 'admin' }),
  };
}
