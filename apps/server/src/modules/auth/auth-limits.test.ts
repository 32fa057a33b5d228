import argon2 from 'argon2';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createUser } from '../../../test/support/factories';
import { passwordWork, PASSWORD_WORK_LIMITS } from '../../lib/password';
import { TARPIT } from '../../plugins/errors';
import { QUESTIONS_PER_IP_PER_HOUR } from '../fatwahs/fatwahs.routes';
import { REGISTRATIONS_PER_IP_PER_HOUR, RESETS_PER_IP_PER_15_MINUTES } from './auth.routes';
import { accountDelayMs, LOGIN_LIMITS } from './auth.service';
import { passwordResetTokens } from '../../db/schema';
import type * as AuthRepository from './auth.repository';
import { insertResetToken } from './auth.repository';
import { newOpaqueToken } from './tokens';
import { useTestApp } from '../../../test/support/use-test-app';

/**
 * What one hostile client can do to the sign-in routes: floods, races and lockouts. Each test here failed
 * against the server before its fix (see docs/decisions/010-password-work-and-login-throttling.md).
 */

/** Storing a reset token waits for this (a test holds it to see whether the answer waits too). */
let tokenGate: Promise<void> = Promise.resolve();
vi.mock('./auth.repository', async (importOriginal) => {
  const actual = await importOriginal<typeof AuthRepository>();
  return {
    ...actual,
    insertResetToken: async (...args: Parameters<typeof actual.insertResetToken>) => {
      await tokenGate;
      return actual.insertResetToken(...args);
    },
  };
});

const { ctx } = useTestApp();
afterEach(() => {
  vi.restoreAllMocks();
});

const post = (url: string, payload: object, ip: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload, headers, remoteAddress: ip });

const realVerify = argon2.verify.bind(argon2);
const realHash = argon2.hash.bind(argon2);

/** Counts the argon2 computations running at once while `run` goes on; answers the highest count seen. */
async function peakHashing(run: () => Promise<void>): Promise<{ peak: number; calls: number }> {
  let running = 0;
  let peak = 0;
  let calls = 0;
  const track =
    <A extends unknown[], R>(real: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      running += 1;
      calls += 1;
      peak = Math.max(peak, running);
      try {
        return await real(...args);
      } finally {
        running -= 1;
      }
    };
  vi.spyOn(argon2, 'verify').mockImplementation(track(realVerify));
  vi.spyOn(argon2, 'hash').mockImplementation(track(realHash));
  await run();
  return { peak, calls };
}

async function resetToken(userId: string): Promise<string> {
  const { token, hash } = newOpaqueToken();
  await insertResetToken(ctx.database.db, {
    userId,
    tokenHash: hash,
    expiresAt: new Date(Date.now() + 60 * 60 * 1000),
  });
  return token;
}

describe('password reset with made-up tokens', () => {
  it('answers 400 without hashing the new password, and limits the route per address', async () => {
    const { calls } = await peakHashing(async () => {
      const answers = await Promise.all(
        Array.from({ length: RESETS_PER_IP_PER_15_MINUTES }, (_, i) =>
          post(
            '/api/password/reset-password',
            { token: `made-up-token-${i}`.padEnd(43, 'x'), password: 'Password123!' },
            '10.20.0.1',
          ),
        ),
      );
      expect(answers.map((res) => res.json().code)).toEqual(answers.map(() => 'RESET_TOKEN_INVALID'));
    });
    expect(calls).toBe(0);
    const limited = await post(
      '/api/password/reset-password',
      { token: 'another-made-up-token', password: 'Password123!' },
      '10.20.0.1',
    );
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    // Another address still resets with a real token.
    const user = await createUser(ctx.database.db);
    const token = await resetToken(user.id);
    const ok = await post('/api/password/reset-password', { token, password: 'new-password-1' }, '10.20.0.2');
    expect(ok.statusCode).toBe(200);
  });
});

describe('logins in parallel', () => {
  it('60 guesses at once from one address: at most the limit is checked, the right one at #40 does not get in', async () => {
    const user = await createUser(ctx.database.db);
    const guesses = Array.from({ length: 60 }, (_, i) => (i === 39 ? user.password : `wrong-guess-${i}`));
    const answers = await Promise.all(
      guesses.map((password) => post('/api/auth/login', { email: user.email, password }, '10.21.0.1')),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses).not.toContain(200);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(LOGIN_LIMITS.perAccountAndAddress);
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    for (const res of answers.filter((r) => r.statusCode === 429)) {
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    // The owner, elsewhere, is not locked out.
    const owner = await post('/api/auth/login', { email: user.email, password: user.password }, '10.21.0.2');
    expect(owner.statusCode).toBe(200);
  });

  it('guesses in waves that each fit the password queue: still no more than the limit are checked', async () => {
    // Each wave is as many as one address may have hashed at once, so the queue refuses none of them: what stops
    // the guesses is the limit, counted before each password is checked.
    const user = await createUser(ctx.database.db);
    const statuses: number[] = [];
    for (let wave = 0; wave < 4; wave += 1) {
      const answers = await Promise.all(
        Array.from({ length: PASSWORD_WORK_LIMITS.perClient }, (_, i) =>
          post(
            '/api/auth/login',
            { email: user.email, password: wave === 3 && i === 0 ? user.password : `wrong-${wave}-${i}` },
            '10.21.1.1',
          ),
        ),
      );
      statuses.push(...answers.map((res) => res.statusCode));
    }
    expect(statuses).not.toContain(200);
    expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_LIMITS.perAccountAndAddress);
  });

  it('a flood of logins from many addresses runs a few hashes at a time and refuses the rest at once with Retry-After', async () => {
    const flood = 20 + PASSWORD_WORK_LIMITS.maxQueued + PASSWORD_WORK_LIMITS.concurrency;
    const answers: { status: number; retryAfter: unknown; code: string; ms: number }[] = [];
    const { peak } = await peakHashing(async () => {
      await Promise.all(
        Array.from({ length: flood }, async (_, i) => {
          const started = performance.now();
          const res = await post(
            '/api/auth/login',
            { email: `nobody-${i}@example.com`, password: 'a-guess' },
            `10.22.${i >> 8}.${i & 255}`,
          );
          answers.push({
            status: res.statusCode,
            retryAfter: res.headers['retry-after'],
            code: res.json().code,
            ms: performance.now() - started,
          });
        }),
      );
    });
    expect(peak).toBeLessThanOrEqual(PASSWORD_WORK_LIMITS.concurrency);
    const refused = answers.filter((a) => a.status === 503);
    const checked = answers.filter((a) => a.status === 401);
    expect(checked.length).toBe(PASSWORD_WORK_LIMITS.concurrency + PASSWORD_WORK_LIMITS.maxQueued);
    expect(refused.length).toBe(flood - checked.length);
    expect(refused.every((a) => a.code === 'SERVER_BUSY' && Number(a.retryAfter) > 0)).toBe(true);
    // Refused before any hash finished: the slowest refusal is faster than the fastest checked password.
    expect(Math.max(...refused.map((a) => a.ms))).toBeLessThan(Math.min(...checked.map((a) => a.ms)));
    expect(passwordWork.load).toEqual({ running: 0, queued: 0 });
  });

  it("one address's flood of logins does not hold up another client's login", async () => {
    const user = await createUser(ctx.database.db);
    const order: string[] = [];
    const flood = Array.from({ length: 30 }, (_, i) =>
      post('/api/auth/login', { email: `nobody-${i}@example.com`, password: 'a-guess' }, '10.23.0.1').then(
        (res) => {
          order.push(`flood ${res.statusCode}`);
          return res;
        },
      ),
    );
    // The owner comes after the whole flood was sent.
    const owner = post('/api/auth/login', { email: user.email, password: user.password }, '10.23.0.2').then(
      (res) => {
        order.push(`owner ${res.statusCode}`);
        return res;
      },
    );
    const floodAnswers = await Promise.all(flood);
    expect((await owner).statusCode).toBe(200);
    // The flooding address had at most its share under way; the rest were refused at once.
    const checked = floodAnswers.filter((res) => res.statusCode === 401).length;
    expect(checked).toBeLessThanOrEqual(PASSWORD_WORK_LIMITS.perClient);
    expect(floodAnswers.filter((res) => res.statusCode === 429).length).toBe(30 - checked);
    // The owner's login was served in its turn, not behind the flood's whole share: at most the hashes running
    // when it was queued went first. (On a loaded machine the owner's request may be queued only after the flood's
    // first hash ended and its second began: two before it with one slot, never three.)
    const ownerAt = order.indexOf('owner 200');
    expect(order.slice(0, ownerAt).filter((o) => o === 'flood 401').length).toBeLessThan(
      PASSWORD_WORK_LIMITS.perClient,
    );
  });
});

describe('route limits under a burst', () => {
  it(`of registrations and questions from one address: exactly the limit gets through`, async () => {
    const registrations = await Promise.all(
      Array.from({ length: REGISTRATIONS_PER_IP_PER_HOUR + 5 }, (_, i) =>
        // Refused by validation once past the limit's check: no account, no hash.
        post(
          '/api/auth/register',
          { name: 'A', email: `burst-${i}@example.com`, phone: '1', password: 'x' },
          '10.27.0.1',
        ),
      ),
    );
    const statuses = registrations.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 400)).toHaveLength(REGISTRATIONS_PER_IP_PER_HOUR);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);

    const questions = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        post(
          '/api/fatwahs/submit',
          { question: `Is question ${i} of this burst answered?`, categories: ['Other'] },
          '10.27.0.2',
        ),
      ),
    );
    const asked = questions.map((res) => res.statusCode);
    expect(asked.filter((s) => s === 201)).toHaveLength(QUESTIONS_PER_IP_PER_HOUR);
    expect(asked.filter((s) => s === 429)).toHaveLength(12 - QUESTIONS_PER_IP_PER_HOUR);
  });
});

describe('a client that keeps coming back after being refused', () => {
  it(`gets its refusals beyond ${TARPIT.afterRefusals} in ${TARPIT.windowMs / 1000} s a second late; others are not slowed`, async () => {
    const timed = async (ip: string) => {
      const started = performance.now();
      const res = await post(
        '/api/password/reset-password',
        { token: 'made-up', password: 'Password123!' },
        ip,
      );
      return {
        status: res.statusCode,
        retryAfter: res.headers['retry-after'],
        ms: performance.now() - started,
      };
    };
    const flood = await Promise.all(
      Array.from({ length: RESETS_PER_IP_PER_15_MINUTES + 40 }, () => timed('10.28.0.1')),
    );
    const refused = flood.filter((a) => a.status === 429);
    expect(refused).toHaveLength(40);
    expect(refused.every((a) => a.retryAfter !== undefined)).toBe(true);
    const late = refused.filter((a) => a.ms >= TARPIT.delayMs);
    expect(late).toHaveLength(40 - TARPIT.afterRefusals);
    // Another address is refused at once, and answered normally before that.
    const other = await Promise.all(
      Array.from({ length: RESETS_PER_IP_PER_15_MINUTES + 1 }, () => timed('10.28.0.2')),
    );
    expect(other.filter((a) => a.status === 429)).toHaveLength(1);
    expect(Math.max(...other.map((a) => a.ms))).toBeLessThan(TARPIT.delayMs);
  });
});

describe('lockout', () => {
  it('failures from many addresses slow the account down by a bounded delay, and a password reset lets the owner in at once', async () => {
    const user = await createUser(ctx.database.db);
    for (let i = 0; i < LOGIN_LIMITS.accountFreeFailures; i += 1) {
      const res = await post('/api/auth/login', { email: user.email, password: 'wrong' }, `10.24.1.${i}`);
      expect(res.statusCode).toBe(401);
    }
    const slowed = await post('/api/auth/login', { email: user.email, password: user.password }, '10.24.2.1');
    expect(slowed.statusCode).toBe(429);
    const wait = Number(slowed.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(LOGIN_LIMITS.accountMaxDelayMs / 1000);
    expect(slowed.json().error).toMatch(/reset your password/);

    const token = await resetToken(user.id);
    expect(
      (await post('/api/password/reset-password', { token, password: 'back-in-again' }, '10.24.2.1'))
        .statusCode,
    ).toBe(200);
    const back = await post('/api/auth/login', { email: user.email, password: 'back-in-again' }, '10.24.2.1');
    expect(back.statusCode).toBe(200);
  });

  it('the delay grows with the failures up to its ceiling', () => {
    const free = LOGIN_LIMITS.accountFreeFailures;
    expect(accountDelayMs(free - 1)).toBe(0);
    expect(accountDelayMs(free)).toBe(1000);
    expect(accountDelayMs(free + 1)).toBe(2000);
    expect(accountDelayMs(free + 3)).toBe(8000);
    expect(accountDelayMs(free + 50)).toBe(LOGIN_LIMITS.accountMaxDelayMs);
  });
});

describe('sessions end at once', () => {
  const login = async (ip: string) => {
    const user = await createUser(ctx.database.db);
    const res = await post('/api/auth/login', { email: user.email, password: user.password }, ip);
    const { accessToken, refreshToken } = res.json().data as { accessToken: string; refreshToken: string };
    return { user, accessToken, refreshToken, headers: { authorization: `Bearer ${accessToken}` } };
  };
  const me = (headers: Record<string, string>) => ctx.app.inject({ url: '/api/auth/me', headers });

  it('an access token stops working at logout, not 15 minutes later', async () => {
    const a = await login('10.25.0.1');
    const b = await login('10.25.0.2');
    expect((await me(a.headers)).statusCode).toBe(200);
    expect((await post('/api/auth/logout', { refreshToken: a.refreshToken }, '10.25.0.1')).statusCode).toBe(
      200,
    );
    const after = await me(a.headers);
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('TOKEN_INVALID');
    // Another session lives on.
    expect((await me(b.headers)).statusCode).toBe(200);
  });

  it('a password reset ends every access token of the account; a refreshed token keeps its session', async () => {
    const a = await login('10.25.1.1');
    const refreshed = await post('/api/auth/refresh-token', { refreshToken: a.refreshToken }, '10.25.1.1');
    const renewed = { authorization: `Bearer ${refreshed.json().data.accessToken}` };
    expect((await me(a.headers)).statusCode).toBe(200);
    expect((await me(renewed)).statusCode).toBe(200);
    const token = await resetToken(a.user.id);
    await post('/api/password/reset-password', { token, password: 'a-new-password' }, '10.25.1.1');
    expect((await me(a.headers)).statusCode).toBe(401);
    expect((await me(renewed)).statusCode).toBe(401);
  });

  it('signed-in answers and sign-in answers are never stored by a browser or a proxy', async () => {
    const a = await login('10.25.2.1');
    for (const url of [
      '/api/auth/me',
      `/api/orders/${a.user.id}`,
      '/api/cart',
      `/api/addresses/${a.user.id}`,
    ]) {
      const res = await ctx.app.inject({ url, headers: a.headers });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('private, no-store');
    }
    const signIn = await post(
      '/api/auth/login',
      { email: a.user.email, password: a.user.password },
      '10.25.2.1',
    );
    expect(signIn.headers['cache-control']).toBe('no-store');
    // A public read, the same for everyone, keeps its own caching.
    for (const url of ['/api/books', '/api/fatwahs/public', '/api/articles/published']) {
      const res = await ctx.app.inject({ url });
      expect(res.headers['cache-control'], url).toBe('public, max-age=0, must-revalidate');
    }
    expect((await ctx.app.inject({ url: '/api/health' })).headers['cache-control']).toBe('no-store');
  });
});

describe('forgot-password', () => {
  it('answers a known email without waiting for its token and mail, which are made after the answer', async () => {
    const user = await createUser(ctx.database.db);
    let open!: () => void;
    tokenGate = new Promise<void>((resolve) => (open = resolve));
    const answer = post('/api/password/forgot-password', { email: user.email }, '10.26.0.1');
    const first = await Promise.race([
      answer.then((res) => res.statusCode),
      new Promise((resolve) => setTimeout(() => resolve('still waiting'), 2000)),
    ]);
    // Answered while the token is still being stored.
    expect(first).toBe(200);
    expect((await ctx.database.db.select().from(passwordResetTokens)).length).toBe(0);
    open();
    await expect.poll(async () => (await ctx.database.db.select().from(passwordResetTokens)).length).toBe(1);
  });
});
