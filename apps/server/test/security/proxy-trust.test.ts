import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGISTRATIONS_PER_IP_PER_HOUR } from '../../src/modules/auth/auth.routes';
import { QUESTIONS_PER_IP_PER_HOUR } from '../../src/modules/fatwahs/fatwahs.routes';
import { createTestApp, type TestContext } from '../support/app';

/** Nothing here depends on the database engine: run once per test run, in the PGlite project. */
const once = process.env.TEST_DB !== 'postgres';

/**
 * Which address the per-address limits count (docs/decisions/011). A reverse proxy such as nginx with
 * `proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for` keeps whatever X-Forwarded-For the client sent and
 * appends the address it saw, so only the last entry it wrote can be believed.
 */

const question = (i: number) => ({
  question: `Is a sale by instalments valid (${i})?`,
  categories: ['Business'],
});

function ask(ctx: TestContext, from: string, forwardedFor?: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/fatwahs/submit',
    payload: question(Math.random()),
    remoteAddress: from,
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  });
}

/** Sends `count` questions one after another; answers their status codes. */
async function askMany(ctx: TestContext, count: number, request: (i: number) => [string, string?]) {
  const codes: number[] = [];
  for (let i = 0; i < count; i += 1) codes.push((await ask(ctx, ...request(i))).statusCode);
  return codes;
}

const allowedThenLimited = (allowed: number, limited: number) => [
  ...Array<number>(allowed).fill(201),
  ...Array<number>(limited).fill(429),
];

describe.runIf(once)('TRUST_PROXY=1: one reverse proxy on the same machine', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('a client behind the proxy that writes its own X-Forwarded-For is still limited as its one address', async () => {
    const codes = await askMany(ctx, QUESTIONS_PER_IP_PER_HOUR + 3, (i) => [
      '127.0.0.1',
      `1.2.3.${i}, 203.0.113.7`,
    ]);
    expect(codes).toEqual(allowedThenLimited(QUESTIONS_PER_IP_PER_HOUR, 3));
    // Another client behind the same proxy has its own allowance: the proxy's address is not the client's.
    expect((await ask(ctx, '127.0.0.1', '1.2.3.4, 203.0.113.8')).statusCode).toBe(201);
  });

  it('the registration flood of the review: the 21st account from one address is refused', async () => {
    const codes: number[] = [];
    for (let i = 0; i <= REGISTRATIONS_PER_IP_PER_HOUR; i += 1) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: {
          name: `Flood ${i}`,
          email: `flood-${i}@example.com`,
          phone: '9830098300',
          password: 'flood-password',
        },
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': `1.2.3.${i}, 203.0.113.20` },
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([...Array<number>(REGISTRATIONS_PER_IP_PER_HOUR).fill(201), 429]);
  }, 120_000);

  it('a client reaching the server directly from the internet is not taken for a proxy', async () => {
    const codes = await askMany(ctx, QUESTIONS_PER_IP_PER_HOUR + 2, (i) => ['198.51.100.20', `1.2.3.${i}`]);
    expect(codes).toEqual(allowedThenLimited(QUESTIONS_PER_IP_PER_HOUR, 2));
  });
});

describe.runIf(once)("TRUST_PROXY with the proxies' addresses", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('takes the address a listed proxy reports, and nothing the client wrote before it', async () => {
    const codes = await askMany(ctx, QUESTIONS_PER_IP_PER_HOUR + 2, (i) => [
      `10.0.${i}.2`,
      `1.2.3.${i}, 203.0.113.30`,
    ]);
    expect(codes).toEqual(allowedThenLimited(QUESTIONS_PER_IP_PER_HOUR, 2));
    expect((await ask(ctx, '10.0.0.2', '203.0.113.31')).statusCode).toBe(201);
  });

  it('ignores the X-Forwarded-For of a request that does not come from a listed proxy', async () => {
    const codes = await askMany(ctx, QUESTIONS_PER_IP_PER_HOUR + 2, (i) => ['198.51.100.40', `1.2.3.${i}`]);
    expect(codes).toEqual(allowedThenLimited(QUESTIONS_PER_IP_PER_HOUR, 2));
  });
});

describe.runIf(once)('TRUST_PROXY unset', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({});
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('counts the connecting address, whatever X-Forwarded-For says', async () => {
    const codes = await askMany(ctx, QUESTIONS_PER_IP_PER_HOUR + 2, (i) => ['198.51.100.50', `1.2.3.${i}`]);
    expect(codes).toEqual(allowedThenLimited(QUESTIONS_PER_IP_PER_HOUR, 2));
  });
});
