// @database: deliveries claimed once under parallel senders
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { subscriptionDeliveries, subscriptionTokens } from '../../db/schema';
import type { Mailer } from '../../mail/mailer';
import { authHeader } from '../../../test/support/app';
import { createArticle, createFatwah, createUser } from '../../../test/support/factories';
import type { ReceivedMail } from '../../../test/support/smtp';
import { useTestApp } from '../../../test/support/use-test-app';
import {
  SETTLE_MS,
  STALE_SENDING_MS,
  senderContext,
  sweepSubscriptions,
  sweepSubscriptionsOnce,
  weekStartOf,
  type SenderContext,
} from './sender';
import { CONFIRMS_PER_EMAIL_PER_DAY, confirmSubscription, subscribe } from './subscriptions.service';

const { ctx, smtp } = useTestApp({ smtp: true, env: { LOG_LEVEL: 'silent' } });
const onPostgres = process.env.TEST_DB === 'postgres';
const MINUTE = 60_000;

/**
 * The test's clock: runs are given times ahead of the real one (the job waits a minute for a publication to
 * settle), so items are published at this clock's next tick, after the cursor of the run before.
 */
let clock = Date.now();
/** The clock's next tick: never behind the real time (confirmations are stamped with it). */
const tick = (ms = 1000) => new Date((clock = Math.max(clock, Date.now()) + ms));

beforeEach(async () => {
  clock = Date.now();
  // A mail of the test before (a confirmation sent after its answer) lands before this test's inbox starts.
  await ctx.app.mailer.idle();
  smtp.inbox.length = 0;
  await ctx.database.db.execute(
    sql`TRUNCATE subscriptions, subscription_tokens, subscription_deliveries, subscription_cursors CASCADE`,
  );
});
afterEach(() => {
  smtp.refuseAfter(undefined);
});

const db = () => ctx.app.db;

/** One run of the job at `now` (as the timer runs it: under the advisory lock on PostgreSQL). */
async function sweep(now = new Date(), sender: SenderContext = senderContext(ctx.app)) {
  const result = await sweepSubscriptionsOnce(sender, ctx.database.kind, { now });
  if (result === 'skipped') throw new Error('the run was skipped');
  return result;
}

/** A run late enough for everything published so far to have settled; the clock moves past it. */
const sweepLater = (extraMs = 0) => sweep(tick(SETTLE_MS + 1000 + extraMs));

/** The first run: it starts the cursors at "now", so that only what is published afterwards is mailed. */
const startCursors = () => sweep(new Date());

/** Each form from its own address: the route's limit counts per address (its own test is below). */
let addresses = 0;

function postSubscribe(body: object, locale = 'en') {
  addresses += 1;
  return ctx.app.inject({
    method: 'POST',
    url: '/api/subscriptions',
    remoteAddress: `10.1.${addresses >> 8}.${addresses & 255}`,
    headers: { 'x-site-locale': locale },
    payload: body,
  });
}

const tokenIn = (mail: ReceivedMail, page: 'confirm' | 'unsubscribe') =>
  new RegExp(`subscriptions/${page}\\?token=([A-Za-z0-9_-]+)`).exec(mail.text)?.[1];

/** Subscribes through the API and follows the mailed confirmation link; answers the confirmation mail. */
async function subscribeAndConfirm(email: string, choices: object, locale = 'en'): Promise<ReceivedMail> {
  const res = await postSubscribe({ email, ...choices }, locale);
  expect(res.statusCode).toBe(202);
  const mail = await smtp.waitFor(email);
  const token = tokenIn(mail, 'confirm');
  expect(token).toBeDefined();
  const confirmed = await ctx.app.inject({
    method: 'POST',
    url: '/api/subscriptions/confirm',
    payload: { token },
  });
  expect(confirmed.statusCode).toBe(200);
  smtp.inbox.length = 0;
  return mail;
}

/** Confirmed subscribers made through the service, without their mails (for the bulk tests). */
async function confirmedSubscribers(count: number, choices = { fatwahs: true, articles: false }) {
  const emails = Array.from({ length: count }, (_, i) => `reader${i}@example.com`);
  for (const email of emails) {
    const asked = await subscribe(db(), { email, ...choices, frequency: 'immediate' }, 'en');
    await confirmSubscription(db(), asked.confirmToken);
  }
  return emails;
}

/** A fatwah published a moment from now (after any confirmation made so far). */
const publishFatwah = (overrides: Parameters<typeof createFatwah>[1] = {}) =>
  createFatwah(db(), { createdAt: tick(), ...overrides });

const header = (mail: ReceivedMail, name: string) =>
  new RegExp(`^${name}:(.*(?:\\r?\\n[ \\t].*)*)$`, 'im')
    .exec(mail.raw)?.[1]
    ?.replace(/\r?\n[ \t]+/g, ' ')
    .trim();

describe('subscribing', () => {
  it('mails nothing before the confirmation link is followed, and the new items after', async () => {
    await startCursors();
    const res = await postSubscribe({
      email: 'Amina@Example.com',
      fatwahs: true,
      articles: false,
      frequency: 'immediate',
    });
    expect(res.statusCode).toBe(202);
    const confirmMail = await smtp.waitFor('amina@example.com');
    expect(confirmMail.subject).toBe('Please confirm your subscription to Darul Ilm');
    expect(header(confirmMail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');

    // Pending: a new answer is published and the job runs: nothing.
    await publishFatwah({ question: 'Before confirming?' });
    await sweepLater();
    expect(smtp.inbox.map((mail) => mail.subject)).toEqual([confirmMail.subject]);

    const token = tokenIn(confirmMail, 'confirm');
    const confirmed = await ctx.app.inject({
      method: 'POST',
      url: '/api/subscriptions/confirm',
      payload: { token },
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().data).toEqual({ fatwahs: true, articles: false, frequency: 'immediate' });
    // The link works once.
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/subscriptions/confirm',
      payload: { token },
    });
    expect(again.statusCode).toBe(404);

    const after = await publishFatwah({ question: 'After confirming?' });
    await createArticle(db(), {
      title: 'An article they did not ask for',
      createdAt: tick(),
    });
    const result = await sweepLater(MINUTE);
    expect(result.sent).toBe(1);
    const itemMail = await smtp.waitFor('amina@example.com', (mail) => mail.subject.startsWith('New answer'));
    expect(itemMail.subject).toBe('New answer: After confirming?');
    expect(itemMail.text).toContain(`http://localhost:3000/fatwah/${after.id}`);
    expect(smtp.inbox).toHaveLength(2);
  });

  it('answers a form for a confirmed address as any other, and mails it nothing nor changes its choices', async () => {
    await startCursors();
    const confirmMail = await subscribeAndConfirm('bilal@example.com', {
      fatwahs: true,
      articles: false,
      frequency: 'immediate',
    });
    const body = { email: 'bilal@example.com', fatwahs: false, articles: true, frequency: 'immediate' };
    const first = await postSubscribe({ ...body, email: 'new@example.com' });
    const second = await postSubscribe(body);
    expect(second.statusCode).toBe(first.statusCode);
    expect(second.json()).toEqual(first.json());
    await smtp.waitFor('new@example.com');
    await ctx.app.mailer.idle();
    expect(smtp.inbox.filter((m) => m.to.includes('bilal@example.com'))).toEqual([]);

    // The confirmed choices stand: a fatwah is mailed, an article is not.
    await publishFatwah({ question: 'Still fatwahs?' });
    await createArticle(db(), { title: 'Not articles', createdAt: tick() });
    await sweepLater();
    await smtp.waitFor('bilal@example.com', (m) => m.subject === 'New answer: Still fatwahs?');
    await ctx.app.mailer.idle();
    expect(smtp.inbox.filter((m) => m.to.includes('bilal@example.com'))).toHaveLength(1);

    // Unsubscribed (the link in every mail), the address may subscribe again with other choices.
    const left = await ctx.app.inject({
      method: 'POST',
      url: `/api/subscriptions/unsubscribe?token=${tokenIn(confirmMail, 'unsubscribe')}`,
    });
    expect(left.statusCode).toBe(200);
    smtp.inbox.length = 0;
    expect((await postSubscribe(body)).statusCode).toBe(202);
    const again = await smtp.waitFor('bilal@example.com');
    await ctx.app.inject({
      method: 'POST',
      url: '/api/subscriptions/confirm',
      payload: { token: tokenIn(again, 'confirm') },
    });
    await publishFatwah({ question: 'No longer fatwahs?' });
    await createArticle(db(), { title: 'Now articles', createdAt: tick() });
    await sweepLater(MINUTE);
    await smtp.waitFor('bilal@example.com', (m) => m.subject === 'New article: Now articles');
    expect(smtp.inbox.map((m) => m.subject)).not.toContain('New answer: No longer fatwahs?');
  });

  it("mails one address at most the day's confirmations, however many ask from however many places at once", async () => {
    const body = { email: 'target@example.com', fatwahs: true, articles: false, frequency: 'weekly' };
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/subscriptions',
          remoteAddress: `10.77.0.${i % 8}`,
          payload: body,
        }),
      ),
    );
    // Every form gets the same answer: nothing tells the sender that the address was spared.
    expect(new Set(answers.map((res) => `${res.statusCode} ${res.body}`)).size).toBe(1);
    expect(answers[0]!.statusCode).toBe(202);
    await ctx.app.mailer.idle();
    expect(smtp.inbox.filter((m) => m.to.includes('target@example.com'))).toHaveLength(
      CONFIRMS_PER_EMAIL_PER_DAY,
    );
    // And no token stored for a form that mailed nothing: one unsubscribe token per mail sent.
    const [tokens] = await db()
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(subscriptionTokens);
    expect(tokens!.count).toBe(CONFIRMS_PER_EMAIL_PER_DAY);
  });

  it('refuses an address that is not one and a form with no topic, beside the fields', async () => {
    const bad = await postSubscribe({
      email: 'not-an-address',
      fatwahs: false,
      articles: false,
      frequency: 'weekly',
    });
    expect(bad.statusCode).toBe(400);
    expect(smtp.inbox).toHaveLength(0);
  });

  it('is limited per address like the question form', async () => {
    const answers = [];
    for (let i = 0; i < 6; i += 1) {
      answers.push(
        (
          await ctx.app.inject({
            method: 'POST',
            url: '/api/subscriptions',
            remoteAddress: '10.9.8.7',
            payload: { email: `limit${i}@example.com`, fatwahs: true, articles: false, frequency: 'weekly' },
          })
        ).statusCode,
      );
    }
    expect(answers).toEqual([202, 202, 202, 202, 202, 429]);
  });
});

describe('the mails', () => {
  it('mails each new item at once, in the reader’s language, with its link and the unsubscribe headers', async () => {
    await startCursors();
    await subscribeAndConfirm(
      'urdu@example.com',
      { fatwahs: true, articles: true, frequency: 'immediate' },
      'ur',
    );
    const fatwah = await publishFatwah({ question: 'کیا یہ جائز ہے؟', language: 'ur' });
    const article = await createArticle(db(), {
      title: 'نماز کی اہمیت',
      excerpt: 'ایک مختصر تعارف',
      language: 'ur',
      createdAt: tick(),
    });
    await publishFatwah({ question: 'An English answer', language: 'en' });
    const result = await sweepLater();
    expect(result).toMatchObject({ planned: 2, sent: 2 });
    expect(smtp.inbox.map((mail) => mail.subject).sort()).toEqual(
      ['نیا جواب: کیا یہ جائز ہے؟', 'نیا مضمون: نماز کی اہمیت'].sort(),
    );
    const articleMail = smtp.inbox.find((mail) => mail.subject.includes('نماز'))!;
    expect(articleMail.text).toContain(`http://localhost:3000/ur/articles/${article.id}`);
    expect(articleMail.text).toContain('ایک مختصر تعارف');
    expect(articleMail.text).toMatch(/http:\/\/localhost:3000\/ur\/subscriptions\/unsubscribe\?token=/);
    const fatwahMail = smtp.inbox.find((mail) => mail.subject.includes('جواب'))!;
    expect(fatwahMail.text).toContain(`/ur/fatwah/${fatwah.id}`);
    for (const mail of smtp.inbox) {
      expect(header(mail, 'List-Unsubscribe')).toMatch(
        /^<http:\/\/localhost:3000\/api\/subscriptions\/unsubscribe\?token=[A-Za-z0-9_-]{43}>$/,
      );
      expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
      expect(header(mail, 'Message-ID')).toMatch(/^<subscription-[0-9a-f-]{36}@localhost>$/);
    }
    // Run again: nothing more.
    expect((await sweepLater(MINUTE)).sent).toBe(0);
    expect(smtp.inbox).toHaveLength(2);
  });

  it('sends an article scheduled for later only once its time has come', async () => {
    await startCursors();
    await subscribeAndConfirm('later@example.com', {
      fatwahs: false,
      articles: true,
      frequency: 'immediate',
    });
    await createArticle(db(), { title: 'Scheduled', createdAt: new Date(clock + 30 * MINUTE) });
    expect((await sweepLater()).sent).toBe(0);
    expect((await sweepLater(31 * MINUTE)).sent).toBe(1);
    expect(smtp.inbox.map((mail) => mail.subject)).toEqual(['New article: Scheduled']);
  });

  it('gathers a week’s items in one digest, once, on the Monday after', async () => {
    await startCursors();
    await subscribeAndConfirm('weekly@example.com', { fatwahs: true, articles: true, frequency: 'weekly' });
    await subscribeAndConfirm('instant@example.com', {
      fatwahs: true,
      articles: false,
      frequency: 'immediate',
    });
    const week = weekStartOf(new Date());
    const nextWeek = new Date(week.getTime() + 7 * 24 * 60 * MINUTE);
    await publishFatwah({ question: 'First of the week' });
    await publishFatwah({ question: 'Second of the week' });
    await createArticle(db(), { title: 'The week’s article', createdAt: tick() });
    await createArticle(db(), { title: 'In Bengali', language: 'bn', createdAt: tick() });

    // During the week: the immediate subscriber has their two, the weekly one nothing yet.
    await sweepLater();
    expect(smtp.inbox.every((mail) => mail.to.includes('instant@example.com'))).toBe(true);
    expect(smtp.inbox).toHaveLength(2);
    smtp.inbox.length = 0;

    // Something published the next week is not in this week's digest.
    await createFatwah(db(), { question: 'Next week', createdAt: new Date(nextWeek.getTime() + MINUTE) });
    const monday = new Date(nextWeek.getTime() + 2 * SETTLE_MS);
    const result = await sweep(monday);
    expect(result.digests).toBe(1);
    const digests = smtp.inbox.filter((mail) => mail.to.includes('weekly@example.com'));
    expect(digests).toHaveLength(1);
    const digest = digests[0]!;
    expect(digest.subject).toBe('This week at Darul Ilm: 3 new');
    for (const title of ['First of the week', 'Second of the week', 'The week’s article']) {
      expect(digest.text.split(title)).toHaveLength(3); // once in the text part, once in the HTML part
    }
    expect(digest.text).not.toContain('In Bengali');
    expect(digest.text).not.toContain('Next week');
    expect(header(digest, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');

    // Later runs of that Monday send it no second time.
    await sweep(new Date(monday.getTime() + 10 * MINUTE));
    await sweep(new Date(monday.getTime() + 20 * MINUTE));
    expect(smtp.inbox.filter((mail) => mail.to.includes('weekly@example.com'))).toHaveLength(1);
  });
});

describe('unsubscribing', () => {
  it('takes the one-click POST of RFC 8058 as a mail client sends it; nothing is sent afterwards', async () => {
    await startCursors();
    await subscribeAndConfirm('leaving@example.com', {
      fatwahs: true,
      articles: false,
      frequency: 'immediate',
    });
    await publishFatwah({ question: 'One before leaving' });
    await sweepLater();
    const mail = await smtp.waitFor('leaving@example.com');
    const target = new URL(/^<(.+)>$/.exec(header(mail, 'List-Unsubscribe')!)![1]!);

    const res = await ctx.app.inject({
      method: 'POST',
      url: `${target.pathname}${target.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);

    await publishFatwah({ question: 'After leaving' });
    expect((await sweepLater(MINUTE)).sent).toBe(0);
    expect(smtp.inbox).toHaveLength(1);
    const stats = await ctx.app.inject({
      method: 'GET',
      url: '/api/subscriptions/stats',
      headers: await authHeader(ctx, await createUser(db(), { role: 'admin' })),
    });
    expect(stats.json().data).toMatchObject({ confirmed: 0, unsubscribed: 1 });
  });

  it('unsubscribes from the page’s button too, and refuses a token that is not one', async () => {
    const mail = await subscribeAndConfirm('page@example.com', {
      fatwahs: true,
      articles: true,
      frequency: 'weekly',
    });
    const token = tokenIn(mail, 'unsubscribe');
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/subscriptions/unsubscribe?token=${token}`,
    });
    expect(res.statusCode).toBe(200);
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: `/api/subscriptions/unsubscribe?token=${'x'.repeat(43)}`,
    });
    expect(wrong.statusCode).toBe(404);
  });
});

describe('the mailed links’ pages', () => {
  it('are pages of the app in each language', async () => {
    for (const url of [
      '/subscriptions/confirm?token=abc',
      '/ur/subscriptions/confirm?token=abc',
      '/subscriptions/unsubscribe?token=abc',
      '/bn/subscriptions/unsubscribe?token=abc',
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
    }
  });
});

describe('the desk’s counts', () => {
  it('counts confirmed by topic and frequency, pending and unsubscribed, for the fatwah desk only', async () => {
    await subscribeAndConfirm('a@example.com', { fatwahs: true, articles: true, frequency: 'weekly' });
    await subscribeAndConfirm('b@example.com', { fatwahs: true, articles: false, frequency: 'immediate' });
    await postSubscribe({ email: 'c@example.com', fatwahs: false, articles: true, frequency: 'weekly' });
    const guest = await ctx.app.inject({ method: 'GET', url: '/api/subscriptions/stats' });
    expect(guest.statusCode).toBe(401);
    const shop = await ctx.app.inject({
      method: 'GET',
      url: '/api/subscriptions/stats',
      headers: await authHeader(ctx, await createUser(db(), { role: 'shop' })),
    });
    expect(shop.statusCode).toBe(403);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/subscriptions/stats',
      headers: await authHeader(ctx, await createUser(db(), { role: 'scholar' })),
    });
    expect(res.json().data).toEqual({
      confirmed: 2,
      fatwahs: 2,
      articles: 1,
      immediate: 1,
      weekly: 1,
      pending: 1,
      unsubscribed: 0,
    });
  });
});

describe('a run cut short', () => {
  const sent = () =>
    smtp.inbox
      .flatMap((mail) => mail.to)
      .sort()
      .join(',');

  it('when SMTP refuses after 10 mails, the next run sends exactly the other 15', async () => {
    await startCursors();
    const emails = await confirmedSubscribers(25);
    await publishFatwah({ question: 'For all 25' });
    smtp.refuseAfter(10);
    const first = await sweepLater();
    expect(first).toMatchObject({ planned: 25, sent: 10, refused: 15 });
    expect(smtp.inbox).toHaveLength(10);

    smtp.refuseAfter(undefined);
    const second = await sweepLater(60 * MINUTE);
    expect(second).toMatchObject({ planned: 0, sent: 15, refused: 0 });
    expect(sent()).toBe([...emails].sort().join(','));
  });

  it('when the run dies mid-batch, the next one sends the unsent and claimed ones: no duplicate, no gap', async () => {
    await startCursors();
    const emails = await confirmedSubscribers(25);
    await publishFatwah({ question: 'Cut short' });
    // A server whose run stops for good after 10 mails went out: its sends in flight never come back.
    let handed = 0;
    const dying: Mailer = {
      ...ctx.app.mailer,
      send: (mail) => {
        handed += 1;
        return handed <= 10 ? ctx.app.mailer.send(mail) : new Promise<void>(() => {});
      },
    };
    void sweepSubscriptions({ ...senderContext(ctx.app), mailer: dying }, { now: tick(SETTLE_MS + 1000) });
    await expect.poll(() => smtp.inbox.length, { timeout: 20_000 }).toBe(10);
    // The dead run is still only when its three workers hold a send each: the 10th mail's row is marked only
    // once its worker has moved on to the 13th, and a count of 3 `sending` rows alone is also true a moment before.
    await expect.poll(() => handed, { timeout: 20_000 }).toBe(13);
    await expect
      .poll(
        async () => {
          const rows = await db()
            .select({ status: subscriptionDeliveries.status })
            .from(subscriptionDeliveries);
          return rows.filter((row) => row.status === 'sending').length;
        },
        { timeout: 20_000 },
      )
      .toBe(3);

    // Another server, later: the claims of the dead run are stale; it sends the 15 that did not go, once each.
    const second = await sweep(tick(STALE_SENDING_MS + MINUTE));
    expect(second).toMatchObject({ sent: 15, refused: 0 });
    expect(sent()).toBe([...emails].sort().join(','));
  });

  it.runIf(onPostgres)('sends each mail once when two runs come together', async () => {
    await startCursors();
    const emails = await confirmedSubscribers(12);
    await publishFatwah({ question: 'Two runs' });
    const now = tick(SETTLE_MS + 1000);
    const [a, b] = await Promise.all([
      sweepSubscriptionsOnce(senderContext(ctx.app), 'postgres', { now }),
      sweepSubscriptionsOnce(senderContext(ctx.app), 'postgres', { now }),
    ]);
    expect([a, b]).toContain('skipped');
    // Even without the lock (a run whose lock connection was lost), the claims keep each mail to one send.
    await publishFatwah({ question: 'Two runs, no lock' });
    const later = tick(SETTLE_MS + MINUTE);
    await Promise.all([
      sweepSubscriptions(senderContext(ctx.app), { now: later }),
      sweepSubscriptions(senderContext(ctx.app), { now: later }),
    ]);
    for (const subject of ['New answer: Two runs', 'New answer: Two runs, no lock']) {
      expect(
        smtp.inbox
          .filter((mail) => mail.subject === subject)
          .flatMap((mail) => mail.to)
          .sort(),
      ).toEqual([...emails].sort());
    }
  });
});
