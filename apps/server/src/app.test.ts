import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBook } from '../test/support/factories';
import { APP_START_SCRIPT_HASH } from './modules/pages/app-start';
import { FACE_CHOICE_SCRIPT_HASH } from './lib/face-choice';
import { createTestApp, type TestContext } from '../test/support/app';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
  // A JSON route of the shape every feature uses, to exercise the shared body handling.
  ctx.app.post(
    '/api/test/echo',
    {
      schema: { body: z.object({ name: z.string().min(1, 'Name is required'), quantity: z.number().int() }) },
    },
    async (request) => ({ success: true, data: request.body }),
  );
  await ctx.app.ready();
});

afterAll(async () => {
  await ctx.close();
});

const expectEnvelope = (body: unknown, code: string) => {
  expect(body).toMatchObject({ success: false, code });
  expect(typeof (body as { error: unknown }).error).toBe('string');
};

describe('health', () => {
  it('answers ok once the database is migrated', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      status: 'ok',
      database: ctx.database.kind,
      services: { uploads: 'up' },
    });
  });
});

describe('the error envelope', () => {
  it('answers 400 INVALID_JSON for malformed JSON', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "Quran",',
    });
    expect(res.statusCode).toBe(400);
    expectEnvelope(res.json(), 'INVALID_JSON');
  });

  it('answers 400 VALIDATION_ERROR with field details for a body that breaks the schema', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { name: '', quantity: 'two' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expectEnvelope(body, 'VALIDATION_ERROR');
    expect(body.details).toEqual(
      expect.arrayContaining([
        { path: 'body.name', message: 'Name is required' },
        expect.objectContaining({ path: 'body.quantity' }),
      ]),
    );
    expect(body.error).toBe('Name is required');
  });

  it('answers 413 for a 5 MB body', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(5 * 1024 * 1024), quantity: 1 });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: big,
    });
    expect(res.statusCode).toBe(413);
    expectEnvelope(res.json(), 'PAYLOAD_TOO_LARGE');
  });

  it('answers 404 JSON for an unknown /api path, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await ctx.app.inject({ method, url: '/api/no/such/thing?x=1' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expectEnvelope(res.json(), 'NOT_FOUND');
    }
  });

  it('answers 404 with the envelope for an unknown book id and 400 for a malformed one', async () => {
    const missing = await ctx.app.inject({ url: '/api/books/0190b0a0-0000-7000-8000-000000000000' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ success: false, error: 'Book not found', code: 'BOOK_NOT_FOUND' });
    const malformed = await ctx.app.inject({ url: '/api/books/not-a-uuid' });
    expect(malformed.statusCode).toBe(400);
    expectEnvelope(malformed.json(), 'VALIDATION_ERROR');
  });
});

describe('the SPA', () => {
  it('serves index.html for a deep link, uncached', async () => {
    for (const url of ['/', '/reset-password/some-token', '/admin/orders/123?tab=1']) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it("answers a path that is none of the app's screens with 404 and the app, kept out of search results", async () => {
    for (const url of ['/no-such-page', '/book/1/2', '/dashboard/extra?tab=orders']) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
      expect(res.body).toContain('<meta name="robots" content="noindex" />');
      expect(res.body).toContain('<title>Page not found | Darul Ilm</title>');
    }
    const head = await ctx.app.inject({ method: 'HEAD', url: '/no-such-page' });
    expect(head.statusCode).toBe(404);
  });

  it('keeps 200 for every screen of the app, with its parameters', async () => {
    for (const url of [
      '/cart',
      '/dashboard',
      '/dashboard?tab=orders',
      '/order-details/x',
      '/payment/success',
      '/guest/checkout',
      '/admin/articles/edit/1',
    ]) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(res.body).not.toContain('noindex');
    }
  });

  it('answers 308 to the address without its trailing slash, in every language, its query kept', async () => {
    for (const [url, location] of [
      ['/books/', '/books'],
      ['/ur/', '/ur'],
      ['/bn/', '/bn'],
      ['/ur/books/', '/ur/books'],
      ['/about/', '/about'],
      ['/cart//', '/cart'],
      ['/books/?page=2&sort=name', '/books?page=2&sort=name'],
    ]) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await ctx.app.inject({ method, url });
        expect(res.statusCode, `${method} ${url}`).toBe(308);
        expect(res.headers.location, url).toBe(location);
      }
    }
    // Never a link to another host: `//example.com/` without its slash would be one.
    for (const url of ['//example.com/', '/\\example.com/', '/%5Cexample.com']) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode, url).not.toBe(308);
      expect(res.headers.location, url).toBeUndefined();
    }
    // The API and a form's post keep their own answers.
    expect((await ctx.app.inject({ url: '/api/books/' })).statusCode).not.toBe(308);
    expect((await ctx.app.inject({ method: 'POST', url: '/cart/' })).statusCode).not.toBe(308);
  });

  it('serves hashed assets with long-lived immutable caching', async () => {
    const res = await ctx.app.inject({ url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers 404 for a missing asset instead of the page', async () => {
    const res = await ctx.app.inject({ url: '/assets/missing-123.js' });
    expect(res.statusCode).toBe(404);
  });

  it('sends security headers with a CSP that allows no inline script but those that choose the faces and start the app', async () => {
    const res = await ctx.app.inject({ url: '/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain(`script-src 'self' ${APP_START_SCRIPT_HASH} ${FACE_CHOICE_SCRIPT_HASH};`);

    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});

describe('books', () => {
  it('lists books with prices in rupees', async () => {
    const book = await createBook(ctx.database.db, { name: 'Riyad as-Salihin', price: 449.5 });
    const res = await ctx.app.inject({ url: '/api/books' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ _id: book.id, name: 'Riyad as-Salihin', price: 449.5 }),
      ]),
    );
    const one = await ctx.app.inject({ url: `/api/books/${book.id}` });
    expect(one.json().data).toMatchObject({ _id: book.id, price: 449.5 });
  });
});

describe('API documentation', () => {
  it('publishes OpenAPI at /api/docs', async () => {
    const json = await ctx.app.inject({ url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    expect(json.json().paths).toHaveProperty('/api/books');
    const ui = await ctx.app.inject({ url: '/api/docs' });
    expect(ui.statusCode).toBeLessThan(400);
  });
});
