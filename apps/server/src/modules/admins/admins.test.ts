// @database: the last admin kept under parallel changes
import { adminLogin } from '../../../test/support/admin-login';
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createInvite, createUser } from '../../../test/support/factories';
import { adminInvites, mailOutbox, refreshTokens, users } from '../../db/schema';
import { authHeader, expectValidationError } from '../../../test/support/app';
import { createAppBeside } from '../../../test/support/app-beside';
import { freePort } from '../../../test/support/pg-cluster';
import { truncateAll } from '../../../test/support/database';
import { recordLogs } from '../../../test/support/logs';
import { mimePart, startSmtpServer } from '../../../test/support/smtp';
import { issueTokens } from '../auth/auth.service';
import { hashToken } from '../auth/tokens';
import { ACCEPTS_PER_IP_PER_15_MINUTES } from './admins.routes';
import { ADMIN_INVITE_TTL_MS } from './admins.service';
import { useTestApp } from '../../../test/support/use-test-app';

/** The app's log (at info, to see the request lines), kept here rather than printed. */
let logs: ReturnType<typeof recordLogs>;

const { ctx, smtp } = useTestApp({ smtp: true, env: { LOG_LEVEL: 'info' } });
beforeAll(async () => {
  logs = recordLogs(ctx.app.log);
});
beforeEach(async () => {
  logs.length = 0;
});

let nextIp = 1;
/** Each test calls from its own address, so that the per-address limit of accepting is its own. */
const freshIp = () => `10.77.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`;

async function signedInAdmin(overrides: { name?: string; email?: string } = {}) {
  const admin = await createUser(ctx.database.db, { role: 'admin', ...overrides });
  return { admin, headers: await authHeader(ctx, admin) };
}

const invite = (headers: Record<string, string>, email: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/admins/invites', headers, payload: { email } });

const accept = (payload: object, ip = freshIp()) =>
  ctx.app.inject({ method: 'POST', url: '/api/admins/invites/accept', payload, remoteAddress: ip });

const login = (email: string, password: string) => adminLogin(ctx, email, password, freshIp());

/** The token of the link in an invitation mail. */
const tokenIn = (text: string) => {
  const match = /http:\/\/localhost:3000\/admin\/invite\?token=([A-Za-z0-9_-]+)/.exec(text);
  if (!match) throw new Error(`no invitation link in ${text}`);
  return match[1]!;
};

describe('inviting an admin', () => {
  it('writes the invitation in the language the inviter picks: Urdu right to left, Bengali, English by default', async () => {
    const { headers } = await signedInAdmin({ name: 'Shaikh Abdullah' });
    const send = (email: string, language?: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/admins/invites',
        headers,
        payload: { email, role: 'scholar', ...(language ? { language } : {}) },
      });
    expect((await send('urdu.scholar@example.com', 'ur')).statusCode).toBe(201);
    const urdu = await smtp.waitFor('urdu.scholar@example.com');
    expect(urdu.subject).toBe('آپ کو دار العلم کے عملے میں شامل ہونے کی دعوت دی گئی ہے');
    // The English name isolated inside the Urdu sentence; the link as it is.
    const urduText = mimePart(urdu.raw, 'text/plain')!;
    expect(urduText).toContain('\u2068Shaikh Abdullah\u2069 نے آپ کو بطور عالم (فتاویٰ اور مضامین)');
    const html = mimePart(urdu.raw, 'text/html')!;
    expect(html).toMatch(/<html lang="ur" dir="rtl"/);
    expect(html).toContain('<bdi>Shaikh Abdullah</bdi>');
    expect(html).toContain('دعوت قبول کریں');
    expect(tokenIn(urduText)).toBeTruthy();

    expect((await send('bengali.shop@example.com', 'bn')).statusCode).toBe(201);
    const bengali = await smtp.waitFor('bengali.shop@example.com');
    expect(bengali.subject).toBe('আপনাকে দারুল ইলমের কর্মীদলে যোগ দেওয়ার আমন্ত্রণ জানানো হয়েছে');
    expect(mimePart(bengali.raw, 'text/plain')).toContain('Shaikh Abdullah আপনাকে আলেম হিসেবে');

    expect((await send('english.scholar@example.com')).statusCode).toBe(201);
    expect((await smtp.waitFor('english.scholar@example.com')).subject).toBe(
      'You are invited to the staff of Darul Ilm',
    );
    const refused = await send('klingon@example.com', 'tlh');
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(refused.json())).toContain('Language must be one of: en, ur, bn');
  });

  it('mails a one-time link valid for 7 days; only its hash is stored; accepting makes an admin who can log in', async () => {
    const { admin, headers } = await signedInAdmin({ name: 'Shaikh Abdullah' });
    const res = await invite(headers, 'New.Scholar@Example.com');
    expect(res.statusCode).toBe(201);
    expect(res.json().data.invite).toMatchObject({
      email: 'new.scholar@example.com',
      invitedBy: 'Shaikh Abdullah',
    });

    const mail = await smtp.waitFor('new.scholar@example.com');
    expect(mail.subject).toBe('You are invited to be an admin of Darul Ilm');
    expect(mail.text).toContain('Shaikh Abdullah has invited you');
    const token = tokenIn(mail.text);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(mimePart(mail.raw, 'text/html')).toContain(`/admin/invite?token=${token}`);

    const [row] = await ctx.database.db.select().from(adminInvites);
    expect(row!.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row!.invitedById).toBe(admin.id);
    const ttl = row!.expiresAt.getTime() - row!.createdAt.getTime();
    expect(Math.abs(ttl - ADMIN_INVITE_TTL_MS)).toBeLessThan(60_000);

    const accepted = await accept({ token, name: 'Maulana Yusuf', password: 'hikmah-123' });
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json()).toMatchObject({ success: true, data: { email: 'new.scholar@example.com' } });

    const signedIn = await login('new.scholar@example.com', 'hikmah-123');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().data.user).toMatchObject({ name: 'Maulana Yusuf', role: 'admin' });
    const list = await ctx.app.inject({
      url: '/api/admins',
      headers: { authorization: `Bearer ${signedIn.json().data.accessToken}` },
    });
    expect(list.statusCode).toBe(200);
  });

  it('refuses a second use, an expired link and a made-up one, each with a clear message', async () => {
    const { admin } = await signedInAdmin();
    const once = await createInvite(ctx.database.db, { invitedById: admin.id });
    expect((await accept({ token: once.token, name: 'First', password: 'password123' })).statusCode).toBe(
      201,
    );
    const again = await accept({ token: once.token, name: 'Second', password: 'password456' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      code: 'INVITE_USED',
      error: 'This invitation has already been used. Please log in on the admin login page.',
    });
    // The first password stands.
    expect((await login(once.email, 'password456')).statusCode).toBe(401);

    const expired = await createInvite(ctx.database.db, {
      invitedById: admin.id,
      expiresAt: new Date(Date.now() - 1000),
    });
    const late = await accept({ token: expired.token, name: 'Late', password: 'password123' });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({
      code: 'INVITE_EXPIRED',
      error: 'This invitation has expired. Ask an admin to send you a new one.',
    });
    expect(await ctx.database.db.select().from(users).where(eq(users.email, expired.email))).toEqual([]);

    const madeUp = await accept({ token: 'not-a-real-token', name: 'Nobody', password: 'password123' });
    expect(madeUp.statusCode).toBe(400);
    expect(madeUp.json().code).toBe('INVITE_INVALID');

    // The same password rules as registering.
    const fresh = await createInvite(ctx.database.db, { invitedById: admin.id });
    expectValidationError(
      await accept({ token: fresh.token, name: 'Short', password: '12345' }),
      'body.password',
    );
    expectValidationError(
      await accept({ token: fresh.token, name: ' ', password: 'password123' }),
      'body.name',
    );
  });

  it('two accepts of one link at once: one admin, one refusal', async () => {
    const { admin } = await signedInAdmin();
    const link = await createInvite(ctx.database.db, { invitedById: admin.id });
    const answers = await Promise.all([
      accept({ token: link.token, name: 'One', password: 'password123' }),
      accept({ token: link.token, name: 'Two', password: 'password123' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400]);
    expect(await ctx.database.db.select().from(users).where(eq(users.email, link.email))).toHaveLength(1);
  });

  it('makes an existing customer an admin with the new password, and ends their old sessions', async () => {
    const { admin, headers } = await signedInAdmin();
    const customer = await createUser(ctx.database.db, {
      email: 'customer@example.com',
      password: 'old-password',
    });
    const old = await issueTokens(ctx.database.db, ctx.config, customer);
    expect((await invite(headers, 'customer@example.com')).statusCode).toBe(201);
    const token = tokenIn((await smtp.waitFor('customer@example.com')).text);
    expect((await accept({ token, name: 'Ustadh Bilal', password: 'new-password' })).statusCode).toBe(201);

    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, customer.id));
    expect(row).toMatchObject({ role: 'admin', name: 'Ustadh Bilal', phone: customer.phone });
    expect((await login('customer@example.com', 'old-password')).statusCode).toBe(401);
    expect((await login('customer@example.com', 'new-password')).statusCode).toBe(200);
    const me = await ctx.app.inject({
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${old.accessToken}` },
    });
    expect(me.statusCode).toBe(401);
    expect(admin.id).not.toBe(customer.id);
  });

  it('an invitation sent while the mail server is down stands (201), its mail kept in the outbox for later', async () => {
    const broken = await createAppBeside(ctx, { SMTP_URL: `smtp://127.0.0.1:${await freePort()}` });
    try {
      const admin = await createUser(broken.database.db, { role: 'admin' });
      const headers = { ...(await authHeader(broken, admin)), 'idempotency-key': 'invite-mail-down-1' };
      const res = await broken.app.inject({
        method: 'POST',
        url: '/api/admins/invites',
        headers,
        payload: { email: 'unsent@example.com' },
      });
      expect(res.statusCode, res.body).toBe(201);
      await broken.app.mailer.idle();
      const invites = await broken.database.db
        .select()
        .from(adminInvites)
        .where(eq(adminInvites.email, 'unsent@example.com'));
      expect(invites).toHaveLength(1);
      // Refused once, tried again later (mail/outbox.test.ts follows one to its arrival).
      const kept = await broken.database.db.select().from(mailOutbox);
      expect(kept.map((row) => [row.recipient, row.status, row.attempts])).toEqual([
        ['unsent@example.com', 'queued', 1],
      ]);
      // Sent again with its key, the answer is replayed: one invitation, one mail.
      const again = await broken.app.inject({
        method: 'POST',
        url: '/api/admins/invites',
        headers,
        payload: { email: 'unsent@example.com' },
      });
      expect(again.statusCode).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(await broken.database.db.select().from(mailOutbox)).toHaveLength(1);
    } finally {
      await broken.close();
    }
  });

  it('sends the invitation mail after its transaction: a slow mail server holds up no other request', async () => {
    const slow = await startSmtpServer({ acceptAfterMs: 1500 });
    const app = await createAppBeside(ctx, { SMTP_URL: slow.url });
    try {
      const admin = await createUser(app.database.db, { role: 'admin' });
      const headers = { ...(await authHeader(app, admin)), 'idempotency-key': 'invite-slow-mail-1' };
      const sent = app.app.inject({
        method: 'POST',
        url: '/api/admins/invites',
        headers,
        payload: { email: 'patient@example.com' },
      });
      // The mail is on its way to the slow server: the database answers others meanwhile (the embedded database
      // runs one transaction at a time, so one held open for the mail would hold up every other query).
      await new Promise((resolve) => setTimeout(resolve, 400));
      const started = performance.now();
      expect((await app.app.inject({ url: '/api/books' })).statusCode).toBe(200);
      expect(performance.now() - started).toBeLessThan(700);
      const res = await sent;
      expect(res.statusCode, res.body).toBe(201);
      await slow.waitFor('patient@example.com');
    } finally {
      await app.close();
      await slow.close();
    }
  });

  it('refuses to invite an admin (409 on the field); inviting again replaces the earlier link', async () => {
    const { headers } = await signedInAdmin({ email: 'admin@example.com' });
    const taken = await invite(headers, 'ADMIN@example.com');
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      code: 'ALREADY_ADMIN',
      error: 'This person is already on the staff',
    });
    expect(taken.json().details).toEqual([
      { path: 'body.email', message: 'This person is already on the staff' },
    ]);
    expectValidationError(await invite(headers, 'not-an-email'), 'body.email');

    await invite(headers, 'twice@example.com');
    const first = tokenIn((await smtp.waitFor('twice@example.com')).text);
    smtp.inbox.length = 0;
    await invite(headers, 'twice@example.com');
    const second = tokenIn((await smtp.waitFor('twice@example.com')).text);
    expect((await accept({ token: first, name: 'Old Link', password: 'password123' })).json().code).toBe(
      'INVITE_INVALID',
    );
    expect((await accept({ token: second, name: 'New Link', password: 'password123' })).statusCode).toBe(201);
  });

  it(`limits accepting to ${ACCEPTS_PER_IP_PER_15_MINUTES} tries per address in 15 minutes, like password resets`, async () => {
    const ip = freshIp();
    const answers: number[] = [];
    for (let i = 0; i < ACCEPTS_PER_IP_PER_15_MINUTES; i += 1) {
      answers.push(
        (await accept({ token: `guess-${i}`, name: 'Guess', password: 'password123' }, ip)).statusCode,
      );
    }
    expect(answers.every((status) => status === 400)).toBe(true);
    const limited = await accept({ token: 'guess-last', name: 'Guess', password: 'password123' }, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      code: 'RATE_LIMITED',
      error: 'Too many invitation attempts. Please try again later.',
    });
  });

  it('keeps the token out of the log and out of the Referer of the accept page', async () => {
    const res = await ctx.app.inject({ url: '/admin/invite?token=SeCrEtToKeN123&x=1' });
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    const written = JSON.stringify(logs);
    expect(written).toContain('/admin/invite?token=[redacted]&x=1');
    expect(written).not.toContain('SeCrEtToKeN123');
  });
});

describe('the admins list', () => {
  it('shows the admins, oldest first, and the invitations neither used nor expired', async () => {
    const { admin, headers } = await signedInAdmin({ name: 'First Admin' });
    await ctx.database.db.update(users).set({ displayName: 'Shaikh First' }).where(eq(users.id, admin.id));
    const second = await createUser(ctx.database.db, { role: 'admin', name: 'Second Admin' });
    await createUser(ctx.database.db, { name: 'A Customer' });
    const pending = await createInvite(ctx.database.db, {
      invitedById: admin.id,
      email: 'pending@example.com',
    });
    await createInvite(ctx.database.db, {
      invitedById: admin.id,
      email: 'expired@example.com',
      expiresAt: new Date(Date.now() - 1000),
    });
    const used = await createInvite(ctx.database.db, { invitedById: admin.id, email: 'used@example.com' });
    await accept({ token: used.token, name: 'Used Invite', password: 'password123' });

    const res = await ctx.app.inject({ url: '/api/admins', headers });
    expect(res.statusCode).toBe(200);
    const { admins, invites } = res.json().data;
    expect(admins.map((a: { name: string }) => a.name)).toEqual([
      'First Admin',
      'Second Admin',
      'Used Invite',
    ]);
    expect(admins[0]).toEqual({
      _id: admin.id,
      name: 'First Admin',
      displayName: 'Shaikh First',
      email: admin.email,
      role: 'admin',
      createdAt: admin.createdAt.toISOString(),
    });
    expect(admins[1]).toMatchObject({ _id: second.id, displayName: null });
    expect(invites).toEqual([
      {
        _id: pending.id,
        email: 'pending@example.com',
        role: 'admin',
        invitedBy: 'First Admin',
        expiresAt: expect.any(String),
        createdAt: expect.any(String),
      },
    ]);
  });
});

describe('removing an admin', () => {
  it('gives the role back to user and ends their sessions at once', async () => {
    const { headers } = await signedInAdmin();
    const other = await createUser(ctx.database.db, { role: 'admin' });
    const session = await issueTokens(ctx.database.db, ctx.config, other);
    const res = await ctx.app.inject({ method: 'DELETE', url: `/api/admins/${other.id}`, headers });
    expect(res.statusCode).toBe(200);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, other.id));
    expect(row!.role).toBe('user');
    const tokens = await ctx.database.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, other.id));
    expect(tokens.every((t) => t.revokedAt !== null)).toBe(true);
    const stale = await ctx.app.inject({
      url: '/api/admins',
      headers: { authorization: `Bearer ${session.accessToken}` },
    });
    expect(stale.statusCode).toBe(401);
    const refreshed = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      payload: { refreshToken: session.refreshToken },
    });
    expect(refreshed.statusCode).toBe(401);
    // Not an admin any more: not found.
    const again = await ctx.app.inject({ method: 'DELETE', url: `/api/admins/${other.id}`, headers });
    expect(again.statusCode).toBe(404);
  });

  it('never removes the last admin (400 with a message)', async () => {
    const { admin, headers } = await signedInAdmin();
    const res = await ctx.app.inject({ method: 'DELETE', url: `/api/admins/${admin.id}`, headers });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'LAST_ADMIN',
      error: 'The last admin cannot be removed. Invite another admin first.',
    });
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, admin.id));
    expect(row!.role).toBe('admin');
  });

  it('two admins removing each other at the same moment leave one admin', async () => {
    for (let round = 0; round < 5; round += 1) {
      await truncateAll(ctx.database);
      const a = await signedInAdmin();
      const b = await signedInAdmin();
      const answers = await Promise.all([
        ctx.app.inject({ method: 'DELETE', url: `/api/admins/${b.admin.id}`, headers: a.headers }),
        ctx.app.inject({ method: 'DELETE', url: `/api/admins/${a.admin.id}`, headers: b.headers }),
      ]);
      const statuses = answers.map((answer) => answer.statusCode);
      // One wins; the other is refused as the last admin (or, having lost its rights and session first, is 401).
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      const admins = await ctx.database.db.select().from(users).where(eq(users.role, 'admin'));
      expect(admins).toHaveLength(1);
    }
  });

  it('withdraws a pending invitation, whose link then stops working', async () => {
    const { admin, headers } = await signedInAdmin();
    const pending = await createInvite(ctx.database.db, { invitedById: admin.id });
    const res = await ctx.app.inject({ method: 'DELETE', url: `/api/admins/invites/${pending.id}`, headers });
    expect(res.statusCode).toBe(200);
    expect(
      (await accept({ token: pending.token, name: 'Too Late', password: 'password123' })).json().code,
    ).toBe('INVITE_INVALID');
    const again = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/admins/invites/${pending.id}`,
      headers,
    });
    expect(again.statusCode).toBe(404);
  });
});
