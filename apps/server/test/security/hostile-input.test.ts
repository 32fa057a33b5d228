import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../support/app';
import { makeImage } from '../support/test-images';
import { createTestAppWithRoutes, type RegisteredRoute, type RouteKey } from '../support/routes';
import {
  CONTENT_TYPES,
  fieldNames,
  HOSTILE_KEYS,
  hostileQuery,
  hostileSegment,
  hostileValue,
  mutate,
  RAW_BODIES,
  toJson,
  writeJson,
} from './hostile';
import { QUESTIONS_PER_IP_PER_HOUR } from '../../src/modules/fatwahs/fatwahs.routes';
import { TABLE, type Case, type Request } from './route-table';
import { createWorld, ROLES, sandboxAuth, type World } from './world';

/**
 * Hostile input on every route: generated bodies, queries and path ids (wrong types, huge strings, unicode, nulls,
 * arrays, prototype keys, SQL and HTML, numbers like 1e309 and -0), from every role, and on the sandbox's Razorpay
 * API with its key pair too. Never a 5xx, never a stack trace or a file path, always the error envelope.
 * HOSTILE_RUNS sets the runs per route (25 by default).
 */
const RUNS = Number(process.env.HOSTILE_RUNS ?? 25);
/** HOSTILE_SEED replays a run that failed (fast-check prints its seed). */
const SEED = process.env.HOSTILE_SEED === undefined ? {} : { seed: Number(process.env.HOSTILE_SEED) };

let ctx: TestContext;
let routes: RegisteredRoute[];
let world: World;

beforeAll(async () => {
  ({ ctx, routes } = await createTestAppWithRoutes());
  world = await createWorld(ctx);
  // What a path traversal out of the uploads folder would reach first.
  fs.writeFileSync(
    path.join(ctx.dataDir, 'secrets.json'),
    JSON.stringify({ jwtSecret: ctx.config.jwtSecret }),
  );
});

afterAll(async () => {
  await ctx.close();
});

/**
 * Each run comes from an address of its own: the per-address rate limits (questions, registrations, logins,
 * password resets) would otherwise answer 429 before most bodies reach validation. The limiter has its own test.
 */
let clients = 0;
const nextClientAddress = () => {
  clients += 1;
  return `10.${1 + (clients >> 16)}.${(clients >> 8) & 255}.${clients & 255}`;
};

const STACK = /\n\s+at |\bat [\w.<>]+ \(|node_modules|\/(?:work|home|tmp|usr|src)\/|\.[cm]?[jt]s:\d+/;

/** The checks every answer to hostile input must pass. */
function expectCleanAnswer(res: LightMyRequestResponse, what: string): void {
  expect(res.statusCode, `${what} → ${res.statusCode} ${res.body.slice(0, 300)}`).toBeLessThan(500);
  expect(res.body.includes(ctx.config.jwtSecret!), `${what} leaks the signing key`).toBe(false);
  const type = String(res.headers['content-type'] ?? '');
  if (type.includes('json') || type.includes('text/plain')) {
    expect(res.body, `${what} shows a stack or a path`).not.toMatch(STACK);
  }
  // Outside /api the answers are pages, feeds and robots.txt: a failure keeps their own type (the SPA's page with
  // its status, or a plain sentence), never a stack.
  const page = !/^\w+ \/api\//.test(what) && !what.startsWith('webhook');
  if (page) expect(res.body, `${what} shows a stack or a path`).not.toMatch(STACK);
  if (res.statusCode >= 400 && !page) {
    expect(type, `${what} answers ${res.statusCode} without JSON`).toMatch(/application\/json/);
    const body = res.json();
    // The sandbox speaks Razorpay's error shape, as the real provider does.
    const sandboxApi = what.includes('/api/payments/sandbox/');
    expect(body, what).toMatchObject(
      sandboxApi && !('success' in body)
        ? { error: { code: expect.any(String), description: expect.any(String) } }
        : { success: false, error: expect.any(String), code: expect.any(String) },
    );
  }
  expect(({} as Record<string, unknown>).polluted, 'Object.prototype was polluted').toBeUndefined();
}

interface Mutation {
  role: (typeof ROLES)[number];
  segment: string | null;
  query: string | null;
  body: { text: string; contentType: string } | null;
}

/** The valid body of a table request, parsed (the webhook's is raw text; the upload's a multipart Buffer). */
function baseBody(request: Request): unknown {
  if (typeof request.payload === 'string') {
    try {
      return JSON.parse(request.payload);
    } catch {
      return undefined;
    }
  }
  if (Buffer.isBuffer(request.payload)) return undefined;
  return request.payload;
}

function mutationOf(route: RegisteredRoute, base: unknown): fc.Arbitrary<Mutation> {
  const names = fieldNames(base);
  const hasBody = route.method !== 'GET';
  const hasSegment = route.url.includes(':') || route.url.endsWith('*');
  const value = hostileValue(names);
  const bodyText = fc.oneof(
    // A valid body with one field changed or one key added.
    {
      weight: 4,
      arbitrary: fc
        .tuple(fc.nat(), value, fc.option(fc.constantFrom(...HOSTILE_KEYS, ...names), { nil: undefined }))
        .map(([pick, replacement, key]) => writeJson(mutate(toJson(base ?? {}), pick, replacement, key))),
    },
    { weight: 2, arbitrary: value.map(writeJson) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_BODIES) },
  );
  const contentType = fc.oneof(
    { weight: 6, arbitrary: fc.constant('application/json') },
    { weight: 1, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
  );
  return fc.record({
    role: fc.constantFrom(...ROLES),
    segment: hasSegment ? fc.option(hostileSegment, { nil: null }) : fc.constant(null),
    query: fc.option(hostileQuery(names), { nil: null }),
    body: hasBody
      ? fc.option(fc.record({ text: bodyText, contentType }), { nil: null, freq: 6 })
      : fc.constant(null),
  });
}

/** The URL of the base request with the hostile segment in place of the first parameter, and the hostile query. */
function hostileUrl(route: RegisteredRoute, baseUrl: string, mutation: Mutation): string {
  let [pathname = '/', search = ''] = baseUrl.split('?');
  if (mutation.segment !== null) {
    const pattern = route.url.split('/');
    const parts = pathname.split('/');
    const index = pattern.findIndex((part) => part.startsWith(':') || part === '*');
    if (index >= 0) {
      parts[index] = mutation.segment;
      pathname = parts.slice(0, pattern[index] === '*' ? index + 1 : parts.length).join('/');
    }
  }
  if (mutation.query !== null) search = search ? `${search}&${mutation.query}` : mutation.query;
  return search ? `${pathname}?${search}` : pathname;
}

describe('hostile input on every route', () => {
  it('covers every route the app registers', () => {
    expect(routes.map((r) => r.key).filter((key) => !(key in TABLE))).toEqual([]);
  });

  // The first row of each route with every role's token; and the rows that take the sandbox's key pair instead.
  const rows = (Object.entries(TABLE) as [RouteKey, Case | Case[]][]).flatMap(([key, cases]) =>
    [cases].flat().flatMap((row, i) => (i === 0 || row.auth === 'basic' ? [{ key, row }] : [])),
  );
  for (const { key, row } of rows) {
    const withKeys = row.auth === 'basic';
    it(`${key}${withKeys ? ' with the key pair' : ''}: never a 5xx, a stack trace or a bare error`, async () => {
      const route = routes.find((r) => r.key === key)!;
      const base = await row.request(world, 'user');
      const body = baseBody(base);
      await fc.assert(
        fc.asyncProperty(mutationOf(route, body), async (mutation) => {
          const url = hostileUrl(route, base.url as string, mutation);
          const credentials = withKeys ? sandboxAuth(world) : world.headers[mutation.role];
          const headers: Record<string, string> = { ...base.headers, ...credentials };
          const request: InjectOptions = {
            method: route.method,
            url,
            headers,
            remoteAddress: nextClientAddress(),
          };
          if (mutation.body) {
            headers['content-type'] = mutation.body.contentType;
            request.payload = mutation.body.text;
          } else if (base.payload !== undefined) {
            request.payload = base.payload;
          }
          const res = await ctx.app.inject(request);
          const who = withKeys ? 'with the key pair' : `as ${mutation.role}`;
          expectCleanAnswer(res, `${route.method} ${url.slice(0, 200)} ${who}`);
          // An address of its own per run: the per-address limit never answers in place of validation.
          if (res.statusCode === 429) expect(res.json().code, who).not.toBe('RATE_LIMITED');
        }),
        { numRuns: RUNS, ...SEED },
      );
    }, 60_000);
  }
});

describe('the rate limiter itself', () => {
  it('answers 429 with the envelope once one address has used up its questions, before reading the body', async () => {
    const ask = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/fatwahs/submit',
        payload: { question: 42 },
        remoteAddress: '10.98.0.1',
      });
    for (let i = 0; i < QUESTIONS_PER_IP_PER_HOUR; i += 1) expect((await ask()).statusCode).toBe(400);
    const res = await ask();
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({
      success: false,
      error: 'You have sent several questions in a short time. Please wait an hour before asking another.',
      code: 'RATE_LIMITED',
    });
    // Another address is not held back.
    const elsewhere = await ctx.app.inject({
      method: 'POST',
      url: '/api/fatwahs/submit',
      payload: { question: 42 },
      remoteAddress: '10.98.0.2',
    });
    expect(elsewhere.statusCode).toBe(400);
  });
});

describe('the signed webhook with a hostile body', () => {
  // Razorpay signs what it sends, but a malformed event must still end in a 4xx that stops its retries sooner or
  // later, never a 500.
  it('answers 2xx or 4xx, never 5xx', async () => {
    const { hmacHex } = await import('../../src/payments/signature');
    const entity = hostileValue(['order_id', 'id', 'amount', 'currency', 'status', 'method']);
    const body = fc
      .tuple(fc.constantFrom('payment.captured', 'order.paid', 'payment.failed'), entity, fc.nat())
      .map(([event, payment, pick]) =>
        writeJson(
          mutate(
            toJson({
              event,
              payload: {
                payment: {
                  entity: {
                    id: 'pay_x',
                    order_id: 'order_x',
                    amount: 100,
                    currency: 'INR',
                    status: 'captured',
                  },
                },
              },
            }),
            pick,
            payment,
            undefined,
          ),
        ),
      );
    await fc.assert(
      fc.asyncProperty(fc.oneof(body, fc.constantFrom(...RAW_BODIES)), async (raw) => {
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/api/payments/razorpay-webhook',
          payload: raw,
          headers: {
            'content-type': 'application/json',
            'x-razorpay-signature': hmacHex(ctx.config.razorpay.webhookSecret, raw),
          },
        });
        expectCleanAnswer(res, `webhook ${raw.slice(0, 200)}`);
      }),
      { numRuns: RUNS * 2 },
    );
  }, 60_000);
});

describe('path traversal out of the uploads folder', () => {
  it.each([
    '/api/uploads/../secrets.json',
    '/api/uploads/..%2fsecrets.json',
    '/api/uploads/..%2Fsecrets.json',
    '/api/uploads/%2e%2e/secrets.json',
    '/api/uploads/%2e%2e%2fsecrets.json',
    '/api/uploads/books/..%2f..%2fsecrets.json',
    '/api/uploads/..%5csecrets.json',
    '/api/uploads/.%2e/secrets.json',
  ])('%s is not served', async (url) => {
    const res = await ctx.app.inject({ url });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.body).not.toContain(ctx.config.jwtSecret!);
  });
});

describe('a NUL character or half a surrogate pair, which PostgreSQL cannot store', () => {
  const cases: [string, () => InjectOptions][] = [
    ['a fatwah search', () => ({ url: '/api/fatwahs/public?search=a%00b' })],
    [
      'an article search',
      () => ({ url: '/api/articles/admin/all?search=a%00b', headers: world.headers.admin }),
    ],
    [
      'a question',
      () => ({
        method: 'POST',
        url: '/api/fatwahs/submit',
        payload: { question: 'Is it\u0000 allowed?', categories: ['Other'] },
      }),
    ],
    [
      'a registration',
      () => ({
        method: 'POST',
        url: '/api/auth/register',
        payload: { name: 'N\u0000', email: 'nul@example.com', phone: '9830000000', password: 'password123' },
      }),
    ],
    [
      'a name ending in half a surrogate pair',
      () => ({
        method: 'POST',
        url: '/api/auth/register',
        payload: { name: 'N\uD800', email: 'half@example.com', phone: '9830000000', password: 'password123' },
      }),
    ],
    [
      'a question with a lone low surrogate',
      () => ({
        method: 'POST',
        url: '/api/fatwahs/submit',
        payload: { question: 'Is it \uDC00 allowed?', categories: ['Other'] },
      }),
    ],
    [
      'a sandbox order id',
      () => ({
        method: 'POST',
        url: '/api/payments/sandbox/orders/%00/pay',
        payload: { outcome: 'success' },
      }),
    ],
  ];
  it.each(cases)('in %s answers 400, not 500', async (_name, request) => {
    // Its own address, so that the rate limits the properties above used up do not answer first.
    const res = await ctx.app.inject({ ...request(), remoteAddress: '10.99.0.1' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'INVALID_CHARACTERS' });
  });
});

describe('uploads beyond the checks of books.test.ts', () => {
  const post = (payload: string | Buffer, contentType: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/books',
      payload,
      headers: { ...world.headers.admin, 'content-type': contentType },
    });

  async function form(parts: [string, string | Blob, string?][]) {
    const data = new FormData();
    for (const [name, value, filename] of parts) {
      if (typeof value === 'string') data.append(name, value);
      else data.append(name, value, filename);
    }
    const response = new Response(data);
    return {
      payload: Buffer.from(await response.arrayBuffer()),
      contentType: response.headers.get('content-type') ?? '',
    };
  }
  const fields: [string, string][] = [
    ['name', 'A book'],
    ['description', 'About it'],
    ['author', 'Someone'],
    ['price', '10'],
  ];
  const png = async () => new Blob([new Uint8Array(await makeImage('png', 20, 20))], { type: 'image/png' });

  const expectRefused = (res: LightMyRequestResponse, status: number, code?: string) => {
    expectCleanAnswer(res, `upload → ${res.statusCode}`);
    expect(res.statusCode).toBe(status);
    if (code) expect(res.json().code).toBe(code);
  };

  it('a text field over 64 KB: 413', async () => {
    const body = await form([
      ...fields.slice(1),
      ['name', 'x'.repeat(70_000)],
      ['images', await png(), 'a.png'],
    ]);
    expectRefused(await post(body.payload, body.contentType), 413, 'FIELD_TOO_LONG');
  });

  it('JSON instead of a form: 400 asking for an image', async () => {
    const res = await post(JSON.stringify(Object.fromEntries(fields)), 'application/json');
    expectRefused(res, 400);
  });

  it('plain text: 400; an unknown type: 415', async () => {
    expectRefused(await post('name=A', 'text/plain'), 400, 'VALIDATION_ERROR');
    expectRefused(await post('<book/>', 'application/xml'), 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('multipart without a boundary, or cut off midway: 400', async () => {
    expectRefused(await post('--x\r\n', 'multipart/form-data'), 400);
    const body = await form([...fields, ['images', await png(), 'a.png']]);
    expectRefused(await post(body.payload.subarray(0, body.payload.length - 60), body.contentType), 400);
  });

  it('too many fields: 413; a file in another field: 400', async () => {
    const many = await form(Array.from({ length: 40 }, (_, i) => [`f${i}`, 'v'] as [string, string]));
    expectRefused(await post(many.payload, many.contentType), 413, 'TOO_MANY_FIELDS');
    const elsewhere = await form([...fields, ['avatar', await png(), 'a.png']]);
    expectRefused(await post(elsewhere.payload, elsewhere.contentType), 400, 'UNEXPECTED_FILE_FIELD');
  });

  it('prototype keys and a NUL character as form fields: 400, nothing polluted', async () => {
    const proto = await form([
      ...fields,
      ['__proto__', 'x'],
      ['constructor', 'y'],
      ['images', await png(), 'a.png'],
    ]);
    const res = await post(proto.payload, proto.contentType);
    expectCleanAnswer(res, 'upload with prototype keys');
    const nul = await form([...fields.slice(1), ['name', 'A\u0000book'], ['images', await png(), 'a.png']]);
    expectRefused(await post(nul.payload, nul.contentType), 400, 'INVALID_CHARACTERS');
  });
});
