// @database: limits shared by several instances on one database
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type AppInstance } from '../../src/app';
import type { Database } from '../../src/db/client';
import { createUser } from '../support/factories';
import { PASSWORD_WORK_LIMITS } from '../../src/lib/password';
import { REGISTRATIONS_PER_IP_PER_HOUR } from '../../src/modules/auth/auth.routes';
import { LOGIN_LIMITS } from '../../src/modules/auth/auth.service';
import { RESET_LIMITS } from '../../src/modules/auth/password.service';
import { EMAIL_CHANGE_LIMITS } from '../../src/modules/users/users.service';
import { authHeader, testConfig } from '../support/app';
import { createTestDatabase } from '../support/database';
import { createTestRedis, hasTestRedis, type TestRedis } from '../support/redis';

/**
 * Two instances of the site on one database and one Redis (REDIS_URL), as behind a load balancer: every limit
 * is the site's, whichever instance a request lands on (docs/decisions/028). Runs when TEST_REDIS_URL is set,
 * once (in the PGlite project: the limits do not depend on the database).
 */
const runs = hasTestRedis && process.env.TEST_DB !== 'postgres';

describe.runIf(runs)('limits shared by two instances through Redis', () => {
  let redis: TestRedis;
  let database: Database;
  let dataDir: string;
  let a: AppInstance;
  let b: AppInstance;
  /** Request `i` lands on one instance or the other, as a round-robin balancer sends them. */
  const instance = (i: number) => (i % 2 === 0 ? a : b);

  beforeAll(async () => {
    redis = await createTestRedis();
    database = await createTestDatabase();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scholar-instances-'));
    const config = () => testConfig(dataDir, { REDIS_URL: redis.url });
    [a, b] = await Promise.all([buildApp(config(), { database }), buildApp(config(), { database })]);
  });

  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await database?.close();
    await redis?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const post = (i: number, url: string, payload: object, ip: string, headers: Record<string, string> = {}) =>
    instance(i).inject({ method: 'POST', url, payload, headers, remoteAddress: ip });

  it('both instances count in Redis', () => {
    expect(a.limits.shared).toBe(true);
    expect(b.limits.shared).toBe(true);
  });

  it(`${LOGIN_LIMITS.perAccountAndAddress} failed logins on an account from an address, spread over both: the next is refused wherever it lands`, async () => {
    const user = await createUser(database.db);
    const statuses: number[] = [];
    let refused: Awaited<ReturnType<typeof post>> | undefined;
    for (let i = 0; i < LOGIN_LIMITS.perAccountAndAddress + 3; i += 1) {
      const res = await post(
        i,
        '/api/auth/login',
        { email: user.email, password: `wrong-${i}` },
        '10.70.0.1',
      );
      statuses.push(res.statusCode);
      if (res.statusCode === 429) refused ??= res;
    }
    expect(statuses).toEqual([...Array<number>(LOGIN_LIMITS.perAccountAndAddress).fill(401), 429, 429, 429]);
    expect(refused?.json()).toMatchObject({ success: false, code: 'LOGIN_RATE_LIMITED' });
    expect(refused?.json().error).toMatch(/^Too many failed login attempts\. Please try again in 15 minutes/);
    const retryAfter = Number(refused?.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // The owner, from their own address, still gets in, on either instance.
    expect(
      (await post(1, '/api/auth/login', { email: user.email, password: user.password }, '10.70.0.2'))
        .statusCode,
    ).toBe(200);
  });

  it('guesses in parallel waves over both instances: no more than the limit are checked', async () => {
    const user = await createUser(database.db);
    const statuses: number[] = [];
    for (let wave = 0; wave < 4; wave += 1) {
      // A wave is as many as one address may have hashed at once, so the password queue refuses none of them.
      const answers = await Promise.all(
        Array.from({ length: PASSWORD_WORK_LIMITS.perClient }, (_, i) =>
          post(
            wave + i,
            '/api/auth/login',
            { email: user.email, password: `wrong-${wave}-${i}` },
            '10.70.1.1',
          ),
        ),
      );
      statuses.push(...answers.map((res) => res.statusCode));
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_LIMITS.perAccountAndAddress);
    expect(statuses.filter((s) => s === 429)).toHaveLength(
      4 * PASSWORD_WORK_LIMITS.perClient - LOGIN_LIMITS.perAccountAndAddress,
    );
  });

  it(`an address with ${LOGIN_LIMITS.perAddress} failures across accounts is stopped on both instances`, async () => {
    for (let i = 0; i < LOGIN_LIMITS.perAddress; i += 1) {
      const res = await post(
        i,
        '/api/auth/login',
        { email: `ghost-${i}@example.com`, password: 'nope-nope' },
        '10.70.2.1',
      );
      expect(res.statusCode).toBe(401);
    }
    for (const i of [0, 1]) {
      const res = await post(
        i,
        '/api/auth/login',
        { email: 'someone-else@example.com', password: 'nope-nope' },
        '10.70.2.1',
      );
      expect(res.statusCode).toBe(429);
      expect(res.json().code).toBe('LOGIN_RATE_LIMITED');
    }
  });

  it(`${RESET_LIMITS.perEmailAndAddress} reset mails per email and address, counted over both instances`, async () => {
    const user = await createUser(database.db);
    const forgot = (i: number, ip: string) =>
      post(i, '/api/password/forgot-password', { email: user.email }, ip);
    for (let i = 0; i < RESET_LIMITS.perEmailAndAddress; i += 1) {
      expect((await forgot(i, '10.70.3.1')).statusCode).toBe(200);
    }
    for (const i of [0, 1]) {
      const refused = await forgot(i, '10.70.3.1');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('RESET_RATE_LIMITED');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(59 * 60);
    }
    // A refused request took nothing from the email's own allowance: the owner, elsewhere, still gets theirs.
    expect((await forgot(1, '10.70.3.2')).statusCode).toBe(200);
  });

  it(`${EMAIL_CHANGE_LIMITS.perAccount} email changes an hour per account, counted over both instances`, async () => {
    const user = await createUser(database.db);
    const headers = await authHeader({ database, config: a.config }, user);
    const attempt = (i: number) =>
      instance(i).inject({
        method: 'PUT',
        url: `/api/users/profile/${user.id}`,
        headers,
        payload: {
          name: 'A',
          email: `probe-${i}@example.com`,
          phone: '9830012345',
          currentPassword: 'wrong-one',
        },
      });
    for (let i = 0; i < EMAIL_CHANGE_LIMITS.perAccount; i += 1)
      expect((await attempt(i)).statusCode).toBe(400);
    const limited = await attempt(EMAIL_CHANGE_LIMITS.perAccount);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('EMAIL_CHANGE_RATE_LIMITED');
  });

  it(`60 registrations at once from one address over both instances: exactly ${REGISTRATIONS_PER_IP_PER_HOUR} get through the route limit`, async () => {
    // Malformed, so that nothing is hashed: the route limit counts before the body is read.
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        post(i, '/api/auth/register', { name: 'N', email: 'bad', password: 'x', phone: '1' }, '10.70.4.1'),
      ),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 429)).toHaveLength(60 - REGISTRATIONS_PER_IP_PER_HOUR);
    expect(statuses.filter((s) => s === 400)).toHaveLength(REGISTRATIONS_PER_IP_PER_HOUR);
    const refused = answers.find((res) => res.statusCode === 429)!;
    expect(refused.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(59 * 60);
    // Another address has its own allowance.
    expect((await post(1, '/api/auth/register', { name: 'N', email: 'bad' }, '10.70.4.2')).statusCode).toBe(
      400,
    );
    // Counted under the route's own key, on the Redis of both.
    const keys = await redis.client.keys('scholar:limit:route:POST /api/auth/register:*');
    expect(keys.sort()).toEqual([
      'scholar:limit:route:POST /api/auth/register:10.70.4.1',
      'scholar:limit:route:POST /api/auth/register:10.70.4.2',
    ]);
  });
});
