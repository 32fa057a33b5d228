import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { createUser } from '../../../test/support/factories';
import { mailOutbox, passwordResetTokens, refreshTokens, users } from '../../db/schema';
import { expectValidationError, type TestContext } from '../../../test/support/app';
import { createAppBeside } from '../../../test/support/app-beside';
import { freePort } from '../../../test/support/pg-cluster';
import { mimePart, startSmtpServer } from '../../../test/support/smtp';
import { REGISTRATIONS_PER_IP_PER_HOUR } from './auth.routes';
import { LOGIN_LIMITS } from './auth.service';
import { RESET_LIMITS } from './password.service';
import { hashToken } from './tokens';
import { useTestApp } from '../../../test/support/use-test-app';

const { ctx, smtp } = useTestApp({ smtp: true, env: { MAIL_FROM: 'Darul Ilm <no-reply@darulilm.example>' } });

const post = (url: string, payload: unknown, headers: Record<string, string> = {}, ip = '10.0.0.1') =>
  ctx.app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress: ip });

/** A new user of the app `test` asks it for a password reset mail; answers the user once the app has said yes. */
async function askResetForNewUser(test: TestContext) {
  const user = await createUser(test.database.db);
  const res = await test.app.inject({
    method: 'POST',
    url: '/api/password/forgot-password',
    payload: { email: user.email },
  });
  expect(res.statusCode).toBe(200);
  return user;
}

const newUser = {
  name: 'Ayesha Khan',
  email: 'Ayesha@Example.com',
  phone: '+91 98765 43210',
  password: 'sabr-123',
};

describe('POST /auth/register', () => {
  it('creates the account, lower-cases the email and signs in', async () => {
    const res = await post('/api/auth/register', newUser);
    expect(res.statusCode).toBe(201);
    const { data } = res.json();
    expect(data.user).toMatchObject({
      name: 'Ayesha Khan',
      email: 'ayesha@example.com',
      role: 'user',
      addresses: [],
    });
    expect(data.user).not.toHaveProperty('passwordHash');
    expect(typeof data.accessToken).toBe('string');
    expect(typeof data.refreshToken).toBe('string');
    const me = await ctx.app.inject({
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${data.accessToken}` },
    });
    expect(me.json().data.user.email).toBe('ayesha@example.com');
  });

  it('refuses a taken email with 409, whatever its case', async () => {
    await post('/api/auth/register', newUser);
    const res = await post('/api/auth/register', { ...newUser, email: 'AYESHA@example.com' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      success: false,
      code: 'EMAIL_TAKEN',
      error: 'An account with this email already exists',
      details: [{ path: 'body.email', message: 'An account with this email already exists' }],
    });
  });

  it('refuses missing, wrong-typed and malformed fields with 400 and field details', async () => {
    const cases: [unknown, string][] = [
      [{ ...newUser, email: 'not-an-email' }, 'body.email'],
      [{ ...newUser, password: '12345' }, 'body.password'],
      [{ ...newUser, phone: 'call me' }, 'body.phone'],
      [{ ...newUser, name: '   ' }, 'body.name'],
      [{ ...newUser, name: 42 }, 'body.name'],
      [{ email: newUser.email, password: newUser.password }, 'body.name'],
    ];
    for (const [body, path] of cases) {
      const res = await post('/api/auth/register', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().details.map((d: { path: string }) => d.path)).toContain(path);
    }
    expect((await post('/api/auth/register', { ...newUser, password: '12345' })).json().error).toBe(
      'Password must be at least 6 characters long',
    );
  });

  it(`limits registrations to ${REGISTRATIONS_PER_IP_PER_HOUR} an hour per address`, async () => {
    for (let i = 0; i < REGISTRATIONS_PER_IP_PER_HOUR; i += 1) {
      const res = await post('/api/auth/register', { ...newUser, email: 'bad' }, {}, '10.9.9.9');
      expect(res.statusCode).toBe(400);
    }
    const blocked = await post('/api/auth/register', newUser, {}, '10.9.9.9');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect((await post('/api/auth/register', newUser, {}, '10.9.9.10')).statusCode).toBe(201);
  });
});

describe('POST /auth/login', () => {
  it('answers tokens and the user with its role, for users and admins alike', async () => {
    const admin = await createUser(ctx.database.db, { role: 'admin', email: 'imam@example.org' });
    const res = await post('/api/auth/login', {
      email: 'IMAM@example.org',
      password: admin.password,
      role: 'user',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.role).toBe('admin');
  });

  it("hashes a password made with older parameters anew at sign-in, with today's", async () => {
    // As the server hashed before (the library's defaults: 64 MiB, 3 passes, 4 lanes), made once with
    // `argon2.hash('password123', { type: argon2.argon2id })`: the login below verifies it at that full cost.
    const oldHash =
      '$argon2id$v=19$m=65536,p=4,t=3$0Krdkp0OYeHTMbFx+4aoeg$a+LbglJadnqtJcTsOad7Qk4HXyV3pecu9ngxc6SgEzI';
    const user = await createUser(ctx.database.db);
    await ctx.database.db.update(users).set({ passwordHash: oldHash }).where(eq(users.id, user.id));
    const res = await post('/api/auth/login', { email: user.email, password: 'password123' });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.passwordHash).not.toBe(oldHash);
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(await post('/api/auth/login', { email: user.email, password: 'password123' })).toHaveProperty(
      'statusCode',
      200,
    );
  });

  it('refuses a wrong password or an unknown account with the same 401', async () => {
    const user = await createUser(ctx.database.db);
    const wrong = await post('/api/auth/login', { email: user.email, password: 'nope-nope', role: 'user' });
    const unknown = await post('/api/auth/login', { email: 'ghost@example.com', password: 'nope-nope' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().error).toBe(unknown.json().error);
  });

  it(`stops one address after ${LOGIN_LIMITS.perAccountAndAddress} failures on an account, without locking its owner out`, async () => {
    const user = await createUser(ctx.database.db);
    for (let i = 0; i < LOGIN_LIMITS.perAccountAndAddress; i += 1) {
      expect(
        (await post('/api/auth/login', { email: user.email, password: 'wrong-pass' }, {}, '10.1.0.1'))
          .statusCode,
      ).toBe(401);
    }
    // The stranger's address is stopped, even with the right password...
    const stopped = await post(
      '/api/auth/login',
      { email: user.email, password: user.password },
      {},
      '10.1.0.1',
    );
    expect(stopped.statusCode).toBe(429);
    expect(stopped.json().error).toMatch(/Too many failed login attempts/);
    expect(Number(stopped.headers['retry-after'])).toBeGreaterThan(60);
    // ...while the owner, from their own address, signs in.
    expect(
      (await post('/api/auth/login', { email: user.email, password: user.password }, {}, '10.1.1.1'))
        .statusCode,
    ).toBe(200);
  });

  it(`stops an address after ${LOGIN_LIMITS.perAddress} failures across accounts`, async () => {
    for (let i = 0; i < LOGIN_LIMITS.perAddress; i += 1) {
      await post(
        '/api/auth/login',
        { email: `ghost${i}@example.com`, password: 'wrong-pass' },
        {},
        '10.2.2.2',
      );
    }
    const user = await createUser(ctx.database.db);
    const blocked = await post(
      '/api/auth/login',
      { email: user.email, password: user.password },
      {},
      '10.2.2.2',
    );
    expect(blocked.statusCode).toBe(429);
    expect(
      (await post('/api/auth/login', { email: user.email, password: user.password }, {}, '10.2.2.3'))
        .statusCode,
    ).toBe(200);
  });
});

describe('tokens', () => {
  const login = async () => {
    const user = await createUser(ctx.database.db);
    const res = await post('/api/auth/login', { email: user.email, password: user.password }, {}, '10.3.0.1');
    const { accessToken, refreshToken } = res.json().data as { accessToken: string; refreshToken: string };
    return { user, accessToken, refreshToken };
  };

  it('GET /auth/me needs a valid token', async () => {
    expect((await ctx.app.inject({ url: '/api/auth/me' })).statusCode).toBe(401);
    const bad = await ctx.app.inject({ url: '/api/auth/me', headers: { authorization: 'Bearer not.a.jwt' } });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().code).toBe('TOKEN_INVALID');
    // An unsigned token ("alg": "none") is refused.
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const body = Buffer.from(JSON.stringify({ sub: 'x', role: 'admin', iss: 'darul-ilm' })).toString(
      'base64url',
    );
    const none = await ctx.app.inject({
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${header}.${body}.` },
    });
    expect(none.statusCode).toBe(401);
  });

  it('rotates the refresh token; reusing a rotated one revokes the whole family', async () => {
    const { refreshToken } = await login();
    const first = await post('/api/auth/refresh-token', { refreshToken });
    expect(first.statusCode).toBe(200);
    const pair = first.json().data;
    expect(pair.refreshToken).not.toBe(refreshToken);

    // The old token again: a replay. It fails, and so does the token that replaced it.
    const replay = await post('/api/auth/refresh-token', { refreshToken });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('REFRESH_REUSED');
    expect((await post('/api/auth/refresh-token', { refreshToken: pair.refreshToken })).statusCode).toBe(401);
  });

  it('a stolen copy used later ends the session of every descendant, however many rotations on', async () => {
    const { refreshToken: first } = await login();
    let current = first;
    for (let i = 0; i < 3; i += 1) {
      current = (await post('/api/auth/refresh-token', { refreshToken: current })).json().data.refreshToken;
    }
    // The thief replays the first token: refused, and the owner's newest token dies with it.
    expect((await post('/api/auth/refresh-token', { refreshToken: first })).json().code).toBe(
      'REFRESH_REUSED',
    );
    expect((await post('/api/auth/refresh-token', { refreshToken: current })).statusCode).toBe(401);
    // Every token of that login is revoked.
    const rows = await ctx.database.db.select().from(refreshTokens);
    expect(rows.filter((row) => row.revokedAt === null)).toHaveLength(0);
  });

  it('two refreshes racing with one token: one wins, and the family ends', async () => {
    const { refreshToken, user } = await login();
    const other = await post(
      '/api/auth/login',
      { email: user.email, password: user.password },
      {},
      '10.3.0.2',
    );
    // Raced many times over: the loser may find the token rotated before or after the winner's successor exists.
    let token = refreshToken;
    for (let round = 0; round < 40; round += 1) {
      const [a, b] = await Promise.all([
        post('/api/auth/refresh-token', { refreshToken: token }),
        post('/api/auth/refresh-token', { refreshToken: token }),
      ]);
      const statuses = [a.statusCode, b.statusCode].sort();
      expect(statuses, `round ${round}`).toEqual([200, 401]);
      const winner = (a.statusCode === 200 ? a : b).json().data.refreshToken as string;
      expect(
        (await post('/api/auth/refresh-token', { refreshToken: winner })).statusCode,
        `round ${round}`,
      ).toBe(401);
      // A new login for the next round (the family of this one has ended).
      token = (
        await post('/api/auth/login', { email: user.email, password: user.password }, {}, `10.3.1.${round}`)
      ).json().data.refreshToken as string;
    }
    // The login on another device is its own family and lives on.
    const elsewhere = other.json().data.refreshToken as string;
    expect((await post('/api/auth/refresh-token', { refreshToken: elsewhere })).statusCode).toBe(200);
  });

  it('refuses unknown and expired refresh tokens', async () => {
    expect((await post('/api/auth/refresh-token', { refreshToken: 'made-up' })).statusCode).toBe(401);
    const { refreshToken, user } = await login();
    await ctx.database.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.userId, user.id));
    const res = await post('/api/auth/refresh-token', { refreshToken });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('REFRESH_EXPIRED');
  });

  it('logout revokes the session', async () => {
    const { refreshToken } = await login();
    expect((await post('/api/auth/logout', { refreshToken })).statusCode).toBe(200);
    expect((await post('/api/auth/refresh-token', { refreshToken })).statusCode).toBe(401);
  });
});

const linkIn = (text: string) => /http:\/\/localhost:3000\/reset-password\/([A-Za-z0-9_-]+)/.exec(text)?.[1];

describe('password reset', () => {
  it('mails a working single-use link through SMTP and ends other sessions', async () => {
    const user = await createUser(ctx.database.db, { email: 'fatima@example.com', name: "Fatima <O'Neil>" });
    const session = (await post('/api/auth/login', { email: user.email, password: user.password })).json()
      .data;

    const res = await post('/api/password/forgot-password', { email: 'Fatima@example.com' }, {}, '10.4.0.1');
    expect(res.statusCode).toBe(200);
    const mail = await smtp.waitFor('fatima@example.com');
    expect(mail.subject).toBe('Reset your password');
    expect(mail.raw).toContain('From: Darul Ilm <no-reply@darulilm.example>');
    const text = mimePart(mail.raw, 'text/plain') ?? '';
    const token = linkIn(text);
    expect(token).toBeTruthy();
    expect(text).toContain("Assalamu alaikum Fatima <O'Neil>,");
    // The HTML part carries the same link, and the name escaped.
    const html = mimePart(mail.raw, 'text/html') ?? '';
    expect(html).toContain(`<a href="http://localhost:3000/reset-password/${token}">Reset your password</a>`);
    expect(html).toContain('<p>Assalamu alaikum Fatima &lt;O&#39;Neil&gt;,</p>');

    const reset = await post('/api/password/reset-password', { token, password: 'new-secret-1' });
    expect(reset.statusCode).toBe(200);
    // The role says which login page comes next.
    expect(reset.json().data).toEqual({ role: 'user' });
    expect((await post('/api/auth/login', { email: user.email, password: user.password })).statusCode).toBe(
      401,
    );
    expect((await post('/api/auth/login', { email: user.email, password: 'new-secret-1' })).statusCode).toBe(
      200,
    );
    // The session opened before the reset has ended.
    expect((await post('/api/auth/refresh-token', { refreshToken: session.refreshToken })).statusCode).toBe(
      401,
    );
    // The link works once.
    const again = await post('/api/password/reset-password', { token, password: 'another-one' });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('RESET_TOKEN_INVALID');
  });

  it('without SMTP_URL, writes the mail with its link to DATA_DIR/outbox/ as an .eml file', async () => {
    const local = await createAppBeside(ctx);
    try {
      const user = await askResetForNewUser(local);
      // Closing waits for the mail under way.
      await local.app.close();
      const outbox = path.join(local.dataDir, 'outbox');
      const files = fs.readdirSync(outbox);
      expect(files).toEqual([expect.stringMatching(/\.eml$/)]);
      const raw = fs.readFileSync(path.join(outbox, files[0]!), 'utf8');
      expect(raw).toMatch(new RegExp(`^To: ${user.email}$`, 'm'));
      expect(raw).toMatch(/^Subject: Reset your password$/m);
      const token = linkIn(mimePart(raw, 'text/plain') ?? '');
      expect(token).toBeTruthy();
      expect(mimePart(raw, 'text/html')).toContain(`href="http://localhost:3000/reset-password/${token}"`);
      // It is the link of the token stored for this user.
      const [stored] = await local.database.db.select().from(passwordResetTokens);
      expect(stored).toMatchObject({ userId: user.id, tokenHash: hashToken(token!) });
    } finally {
      await local.close();
    }
  });

  it('answers the same for an unknown email and sends nothing', async () => {
    const res = await post('/api/password/forgot-password', { email: 'nobody@example.com' }, {}, '10.4.0.2');
    expect(res.statusCode).toBe(200);
    const known = await createUser(ctx.database.db);
    const res2 = await post('/api/password/forgot-password', { email: known.email }, {}, '10.4.0.2');
    expect(res2.json().message).toBe(res.json().message);
    await smtp.waitFor(known.email);
    expect(smtp.inbox.some((m) => m.to.includes('nobody@example.com'))).toBe(false);
  });

  it('answers the same for known and unknown emails when the mail cannot be sent, and keeps the mail for later', async () => {
    // Nothing listens on this port: every mail fails to connect.
    const broken = await createAppBeside(ctx, { SMTP_URL: `smtp://127.0.0.1:${await freePort()}` });
    try {
      const refused = new Promise<unknown>((resolve) => {
        vi.spyOn(broken.app.log, 'warn').mockImplementation((...args: unknown[]) => resolve(args[0]));
      });
      const user = await createUser(broken.database.db);
      const forgot = (email: string) =>
        broken.app.inject({
          method: 'POST',
          url: '/api/password/forgot-password',
          payload: { email },
          remoteAddress: '10.4.1.1',
        });
      const known = await forgot(user.email);
      const unknown = await forgot('nobody@example.com');
      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(200);
      expect(known.body).toBe(unknown.body);
      expect(known.json()).toEqual({
        success: true,
        data: null,
        message: 'If an account exists for this email, a reset link has been sent.',
      });
      // The token was stored (after the answer), the refusal is logged with the user it was meant for, and the
      // mail waits in the outbox for its next try (mail/outbox.test.ts follows one to its arrival).
      expect(await refused).toMatchObject({ userId: user.id, kind: 'password reset mail failed' });
      const tokens = await broken.database.db.select().from(passwordResetTokens);
      expect(tokens.map((row) => row.userId)).toEqual([user.id]);
      await broken.app.mailer.idle();
      const kept = await broken.database.db.select().from(mailOutbox);
      expect(kept.map((row) => [row.recipient, row.status])).toEqual([[user.email.toLowerCase(), 'queued']]);
    } finally {
      await broken.close();
    }
  });

  it('answers before the mail is sent, and a mail under way when the app closes is delivered before it ends', async () => {
    const slow = await startSmtpServer({ acceptAfterMs: 300 });
    const app = await createAppBeside(ctx, { SMTP_URL: slow.url });
    try {
      const user = await askResetForNewUser(app);
      expect(slow.inbox).toHaveLength(0);
      await app.app.close();
      expect(slow.inbox.map((mail) => mail.to)).toEqual([[user.email]]);
    } finally {
      await app.close();
      await slow.close();
    }
  });

  it('refuses an expired token and a short password', async () => {
    const user = await createUser(ctx.database.db);
    await post('/api/password/forgot-password', { email: user.email }, {}, '10.4.0.3');
    const token = linkIn((await smtp.waitFor(user.email)).text);
    const short = await post('/api/password/reset-password', { token, password: '12345' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toBe('Password must be at least 6 characters long');
    await ctx.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, user.id));
    const expired = await post('/api/password/reset-password', { token, password: 'long-enough' });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().code).toBe('RESET_TOKEN_INVALID');
  });

  it(`limits reset mails to ${RESET_LIMITS.perEmailAndAddress} an hour per email and address, ${RESET_LIMITS.perAddress} per address and ${RESET_LIMITS.perEmail} per email`, async () => {
    const user = await createUser(ctx.database.db);
    const forgot = (email: string, ip: string) => post('/api/password/forgot-password', { email }, {}, ip);
    // A stranger asking for the owner's mail uses up their own allowance, not the owner's.
    for (let i = 0; i < RESET_LIMITS.perEmailAndAddress; i += 1) {
      expect((await forgot(user.email, '10.5.0.1')).statusCode).toBe(200);
    }
    const stranger = await forgot(user.email, '10.5.0.1');
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json().code).toBe('RESET_RATE_LIMITED');
    expect(Number(stranger.headers['retry-after'])).toBeGreaterThan(0);
    expect((await forgot(user.email, '10.5.0.2')).statusCode).toBe(200);
    // Strangers on many addresses together cannot flood the owner's inbox.
    for (let i = RESET_LIMITS.perEmailAndAddress + 1; i < RESET_LIMITS.perEmail; i += 1) {
      expect((await forgot(user.email, `10.5.1.${i}`)).statusCode).toBe(200);
    }
    expect((await forgot(user.email, '10.5.2.1')).statusCode).toBe(429);

    for (let i = 0; i < RESET_LIMITS.perAddress; i += 1) {
      await forgot(`x${i}@example.com`, '10.6.0.1');
    }
    const perAddress = await forgot('y@example.com', '10.6.0.1');
    expect(perAddress.statusCode).toBe(429);
    expect(perAddress.json().code).toBe('RESET_RATE_LIMITED');
  });
});

describe('bad input', () => {
  it('answers 400 VALIDATION_ERROR with the envelope and the field, and changes nothing', async () => {
    const user = await createUser(ctx.database.db);
    const session = (await post('/api/auth/login', { email: user.email, password: user.password })).json()
      .data;
    await post('/api/password/forgot-password', { email: user.email }, {}, '10.7.0.1');
    const resetToken = linkIn((await smtp.waitFor(user.email)).text);
    const state = async () => ({
      users: await ctx.database.db.select().from(users),
      refreshTokens: await ctx.database.db.select().from(refreshTokens),
      resetTokens: await ctx.database.db.select().from(passwordResetTokens),
    });
    const before = await state();

    const { email, password } = user;
    const cases: [string, unknown, string][] = [
      ['/api/auth/login', { password }, 'body.email'],
      ['/api/auth/login', { email: 42, password }, 'body.email'],
      ['/api/auth/login', { email }, 'body.password'],
      ['/api/auth/login', { email, password: [password] }, 'body.password'],
      ['/api/auth/login', { email, password, role: 'owner' }, 'body.role'],
      ['/api/auth/login', { email, password, role: true }, 'body.role'],
      ['/api/auth/refresh-token', {}, 'body.refreshToken'],
      ['/api/auth/refresh-token', { refreshToken: 12345 }, 'body.refreshToken'],
      ['/api/auth/logout', {}, 'body.refreshToken'],
      ['/api/auth/logout', { refreshToken: { token: session.refreshToken } }, 'body.refreshToken'],
      ['/api/password/forgot-password', {}, 'body.email'],
      ['/api/password/forgot-password', { email: 'not-an-email' }, 'body.email'],
      ['/api/password/reset-password', { password: 'new-secret-1' }, 'body.token'],
      ['/api/password/reset-password', { token: resetToken, password: '12345' }, 'body.password'],
    ];
    for (const [url, payload, field] of cases) {
      const label = `${url} ${JSON.stringify(payload)}`;
      const res = await post(url, payload, {}, '10.7.0.2');
      expectValidationError(res, field, label);
    }

    expect(await state()).toEqual(before);
    expect(smtp.inbox.filter((mail) => mail.to.includes(user.email))).toHaveLength(1);
    // The session and the reset link still work.
    const refreshed = await post('/api/auth/refresh-token', { refreshToken: session.refreshToken });
    expect(refreshed.statusCode).toBe(200);
    const reset = await post('/api/password/reset-password', { token: resetToken, password: 'new-secret-1' });
    expect(reset.statusCode).toBe(200);
  });
});
