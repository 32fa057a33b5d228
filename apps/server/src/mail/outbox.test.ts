// @database: the outbox keeps every mail the mail server refuses, and sends each once
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminInvites, mailOutbox } from '../db/schema';
import { authHeader } from '../../test/support/app';
import { createUser } from '../../test/support/factories';
import { signInAdmin, useTestApp } from '../../test/support/use-test-app';
import { GIVE_UP_AFTER_MS, pruneSentMail, retryDelayMs } from './outbox';

const { ctx, smtp } = useTestApp({ smtp: true, env: { LOG_LEVEL: 'silent' } });

const MINUTE = 60_000;

/** The mails the sink took for an address. */
const inboxOf = (email: string) => smtp.inbox.filter((mail) => mail.to.includes(email));
const messageIdOf = (raw: string) => /^Message-ID:\s*(\S+)/im.exec(raw)?.[1];

async function outboxRows() {
  return ctx.database.db.select().from(mailOutbox).orderBy(mailOutbox.createdAt);
}

/**
 * Waits until `count` mails are in the outbox, each tried once (a password reset is made after its answer, in work
 * of its own, and only then handed to the mailer).
 */
async function firstTriesDone(count: number) {
  const deadline = Date.now() + 5000;
  for (;;) {
    await ctx.app.mailer.idle();
    const rows = await outboxRows();
    if (rows.length >= count && rows.every((row) => row.attempts >= 1 && row.status !== 'sending')) return;
    if (Date.now() > deadline) throw new Error(`the outbox holds ${rows.length} mails, not ${count} tried`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the mail outbox', () => {
  it('pauses 30 s after the first refusal, then twice as long each time, at most 15 minutes', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map((attempts) => retryDelayMs(attempts) / 1000)).toEqual([
      30, 60, 120, 240, 480, 900, 900, 900,
    ]);
  });

  it('the mail server refuses for 5 minutes, then takes mail: every mail caused meanwhile arrives exactly once', async () => {
    const start = Date.now();
    const reader = await createUser(ctx.database.db, { email: 'forgetful@example.com' });
    const adminHeaders = await signInAdmin(ctx);
    smtp.refuseAfter(smtp.inbox.length);
    try {
      // A password reset, a subscription's confirmation and a staff invitation, while the server refuses.
      const reset = await ctx.app.inject({
        method: 'POST',
        url: '/api/password/forgot-password',
        remoteAddress: '10.9.0.1',
        payload: { email: reader.email },
      });
      expect(reset.statusCode, reset.body).toBe(200);
      const subscribed = await ctx.app.inject({
        method: 'POST',
        url: '/api/subscriptions',
        remoteAddress: '10.9.0.2',
        payload: { email: 'reader@example.com', fatwahs: true, articles: false, frequency: 'immediate' },
      });
      expect(subscribed.statusCode, subscribed.body).toBe(202);
      const invited = await ctx.app.inject({
        method: 'POST',
        url: '/api/admins/invites',
        headers: { ...adminHeaders, 'idempotency-key': 'outbox-invite-1' },
        payload: { email: 'new.scholar@example.com', role: 'scholar' },
      });
      // The invitation stands although its mail could not leave yet.
      expect(invited.statusCode, invited.body).toBe(201);
      expect(
        await ctx.database.db
          .select()
          .from(adminInvites)
          .where(eq(adminInvites.email, 'new.scholar@example.com')),
      ).toHaveLength(1);
      await firstTriesDone(3);

      const recipients = [reader.email, 'reader@example.com', 'new.scholar@example.com'];
      let rows = await outboxRows();
      expect(rows.map((row) => row.recipient).sort()).toEqual([...recipients].sort());
      expect(rows.map((row) => [row.status, row.attempts])).toEqual(rows.map(() => ['queued', 1]));
      // Each has its one Message-ID from the start.
      expect(new Set(rows.map((row) => row.mail.messageId)).size).toBe(3);

      // The job runs each minute; the first retry comes within the first minute, and none gets through.
      for (let minute = 1; minute <= 5; minute += 1) {
        await ctx.app.mailer.deliverDue(new Date(start + minute * MINUTE));
        if (minute === 1) {
          expect((await outboxRows()).map((row) => row.attempts)).toEqual([2, 2, 2]);
        }
      }
      for (const email of recipients) expect(inboxOf(email)).toEqual([]);
      rows = await outboxRows();
      expect(rows.every((row) => row.status === 'queued' && row.lastError)).toBe(true);

      // The mail server takes mail again.
      smtp.refuseAfter(undefined);
      for (let minute = 6; minute <= 30; minute += 1) {
        await ctx.app.mailer.deliverDue(new Date(start + minute * MINUTE));
      }
      rows = await outboxRows();
      expect(rows.map((row) => row.status)).toEqual(['sent', 'sent', 'sent']);
      for (const email of recipients) {
        const received = inboxOf(email);
        expect(received, email).toHaveLength(1);
        const row = rows.find((each) => each.recipient === email)!;
        expect(messageIdOf(received[0]!.raw)).toBe(row.mail.messageId);
      }
      expect(inboxOf('new.scholar@example.com')[0]!.text).toContain('/admin/invite');
      // Runs after that send nothing more.
      await ctx.app.mailer.deliverDue(new Date(start + 60 * MINUTE));
      expect(recipients.flatMap(inboxOf)).toHaveLength(3);
    } finally {
      smtp.refuseAfter(undefined);
    }
  });

  it('a mail refused for a day is failed; the desk puts it back, and it is sent', async () => {
    const start = Date.now();
    const reader = await createUser(ctx.database.db, { email: 'patient@example.com' });
    smtp.refuseAfter(smtp.inbox.length);
    try {
      await ctx.app.inject({
        method: 'POST',
        url: '/api/password/forgot-password',
        remoteAddress: '10.9.0.3',
        payload: { email: reader.email },
      });
      await firstTriesDone(1);
      await ctx.app.mailer.deliverDue(new Date(start + GIVE_UP_AFTER_MS + MINUTE));
      const [row] = await outboxRows();
      expect(row!.status).toBe('failed');
    } finally {
      smtp.refuseAfter(undefined);
    }
    const headers = await signInAdmin(ctx);
    const listed = await ctx.app.inject({ url: '/api/admin/mails?status=failed', headers });
    expect(listed.statusCode, listed.body).toBe(200);
    const { mails, counts } = listed.json<{
      data: { mails: { _id: string; recipient: string; status: string }[]; counts: Record<string, number> };
    }>().data;
    const [failed] = mails;
    expect(mails).toHaveLength(1);
    expect(failed).toMatchObject({ recipient: reader.email, status: 'failed' });
    expect(counts).toEqual({ queued: 0, sending: 0, sent: 0, failed: 1 });
    // Not for the other desks.
    const scholar = await createUser(ctx.database.db, { role: 'scholar' });
    expect(
      (await ctx.app.inject({ url: '/api/admin/mails', headers: await authHeader(ctx, scholar) })).statusCode,
    ).toBe(403);
    const retried = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/mails/${failed!._id}/retry`,
      headers,
    });
    expect(retried.statusCode, retried.body).toBe(200);
    await ctx.app.mailer.deliverDue();
    expect(inboxOf(reader.email)).toHaveLength(1);
    expect((await outboxRows())[0]!.status).toBe('sent');
    // A mail that is not failed is not put back.
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/mails/${failed!._id}/retry`,
      headers,
    });
    expect(again.statusCode).toBe(404);
  });

  it('keeps a sent mail a month, then deletes it; never a mail not yet sent', async () => {
    const now = Date.now();
    const row = (id: string, status: 'sent' | 'failed', sentDaysAgo: number | null) => ({
      id,
      kind: 'order confirmation mail failed',
      recipient: 'buyer@example.com',
      status,
      sentAt: sentDaysAgo === null ? null : new Date(now - sentDaysAgo * 24 * 60 * MINUTE),
      mail: {
        to: 'buyer@example.com',
        subject: 'Order',
        text: 'Order',
        html: '<p>Order</p>',
        messageId: `<${id}@x>`,
      },
    });
    await ctx.database.db
      .insert(mailOutbox)
      .values([
        row('01a251f0-0000-7000-8000-000000000001', 'sent', 31),
        row('01a251f0-0000-7000-8000-000000000002', 'sent', 29),
        row('01a251f0-0000-7000-8000-000000000003', 'failed', null),
      ]);
    expect(await pruneSentMail(ctx.database.db, new Date(now))).toBe(1);
    expect((await outboxRows()).map((each) => each.id).sort()).toEqual([
      '01a251f0-0000-7000-8000-000000000002',
      '01a251f0-0000-7000-8000-000000000003',
    ]);
  });
});
