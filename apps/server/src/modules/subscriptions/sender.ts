import { LOCALES, isLocale } from '@scholar/shared';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db, DatabaseKind } from '../../db/client';
import type { DeliveryItem } from '../../db/schema';
import { isDatabaseUnavailable, rootMessage } from '../../db/errors';
import { oneServerAtATime } from '../../db/one-server-at-a-time';
import { eachLimited } from '../../lib/each-limited';
import { repeatWhileRunning } from '../../lib/repeating-job';
import { mailLanguage } from '../../mail/i18n';
import type { Mailer } from '../../mail/mailer';
import { subscriptionDigestMail, subscriptionItemMail, unsubscribeLinks } from '../../mail/subscription';
import { publishedArticlesBetween } from '../articles/articles.service';
import { publishedFatwahsBetween } from '../fatwahs/fatwahs.service';
import {
  cancelUnwanted,
  claimDelivery,
  dueDeliveries,
  insertDigestDeliveries,
  lockCursor,
  markRefused,
  markSent,
  planItemDeliveries,
  saveCursor,
  weeklySubscribers,
  type DueDelivery,
} from './subscriptions.repository';
import { hashToken, newToken } from './subscriptions.service';

/**
 * The subscription mails' job (docs/decisions/048), run by one server at a time as the reconciliation sweep is
 * (modules/checkout/reconcile.ts). A run plans, then sends:
 * - new items: the fatwahs and articles published since the `items` cursor (and at least `SETTLE_MS` ago, so that
 *   a publication still committing is not passed over) get one delivery per confirmed immediate subscriber, and
 *   the cursor moves, in one transaction;
 * - digests: each week (Monday to Monday in India) that has ended gets one delivery per weekly subscriber with
 *   that week's items, once;
 * - sending: up to `batch` due deliveries, `SEND_CONCURRENCY` at a time, each claimed (`sending`) just before its
 *   mail goes to SMTP and marked `sent` as soon as SMTP accepts it.
 */

/** Deliveries sent per run: one run stays short whatever the backlog. */
export const SEND_BATCH = 200;
/** Mails handed to SMTP at once. */
export const SEND_CONCURRENCY = 3;
/** A publication this recent may still be committing: the next run plans it. */
export const SETTLE_MS = 60_000;
/**
 * A delivery claimed this long ago by a run that never marked it was left by a server that died: sent again. Longer
 * than any send can last (nodemailer gives up on a silent socket after 10 minutes).
 */
export const STALE_SENDING_MS = 15 * 60_000;
/** Sends a refused delivery is tried, then it is `failed`. */
export const MAX_ATTEMPTS = 5;
/** New items read per run and kind. */
const ITEMS_PER_RUN = 500;
/** The advisory lock of the job (the migrations use 727274, the reconciliation sweep 727275). */
export const SUBSCRIPTIONS_LOCK_KEY = 727276;
const FIRST_RUN_DELAY_MS = 15_000;
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
/** India's offset from UTC: the weeks of the digests start on Monday at midnight there. */
const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;
/** The longest excerpt a mail quotes. */
const EXCERPT_LENGTH = 240;

export interface SenderContext {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
}

export interface SendOptions {
  now?: Date;
  batch?: number;
}

export interface SweepResult {
  /** Deliveries of new items planned. */
  planned: number;
  /** Digests planned. */
  digests: number;
  sent: number;
  /** Sends refused (tried again later, or failed for good after MAX_ATTEMPTS). */
  refused: number;
}

/** The Monday 00:00 in India of the week `at` falls in. */
export function weekStartOf(at: Date): Date {
  const local = new Date(at.getTime() + IST_OFFSET_MS);
  const daysSinceMonday = (local.getUTCDay() + 6) % 7;
  const monday = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() - daysSinceMonday);
  return new Date(monday - IST_OFFSET_MS);
}

/** That Monday as India's calendar writes it: `2026-11-23`. */
const calendarDay = (weekStart: Date) =>
  new Date(weekStart.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);

const plain = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();

const shorten = (text: string, length: number) =>
  text.length > length ? `${text.slice(0, length - 1).trimEnd()}…` : text;

interface NewItem {
  item: DeliveryItem;
  language: string;
  publishedAt: Date;
}

/** The items published in (`from`, `to`], each as its mails tell of it; `full` when a kind filled its page. */
async function itemsBetween(db: Db, from: Date, to: Date): Promise<{ items: NewItem[]; until: Date }> {
  const [fatwahs, articles] = await Promise.all([
    publishedFatwahsBetween(db, from, to, ITEMS_PER_RUN),
    publishedArticlesBetween(db, from, to, ITEMS_PER_RUN),
  ]);
  // A full page may leave items after its last: this run plans up to just before that one's time, the next goes on.
  let until = to;
  for (const page of [fatwahs, articles]) {
    const last = page.at(-1);
    if (page.length === ITEMS_PER_RUN && last) {
      until = new Date(Math.min(until.getTime(), last.publishedAt.getTime() - 1));
    }
  }
  const items: NewItem[] = [
    ...fatwahs.map((fatwah) => ({
      item: {
        kind: 'fatwah' as const,
        id: fatwah.id,
        title: shorten(fatwah.question.replace(/\s+/g, ' ').trim(), 140),
        excerpt: shorten(plain(fatwah.answerHtml ?? ''), EXCERPT_LENGTH),
      },
      language: fatwah.language,
      publishedAt: fatwah.publishedAt,
    })),
    ...articles.map((article) => ({
      item: {
        kind: 'article' as const,
        id: article.id,
        title: article.title,
        excerpt: shorten(plain(article.excerpt), EXCERPT_LENGTH),
      },
      language: article.language,
      publishedAt: article.publishedAt,
    })),
  ].filter((entry) => entry.publishedAt.getTime() <= until.getTime() && isLocale(entry.language));
  return { items, until };
}

/**
 * Plans the deliveries of the items published since the cursor, and moves it, in one transaction: a crash before
 * the commit plans them again next time, and planning twice plans once (unique per subscriber and item). The first
 * run ever starts the cursor now: the archive is not mailed.
 */
async function planNewItems(db: Db, now: Date): Promise<number> {
  const upTo = new Date(now.getTime() - SETTLE_MS);
  return db.transaction(async (tx) => {
    const cursor = await lockCursor(tx, 'items');
    if (!cursor) {
      await saveCursor(tx, 'items', upTo);
      return 0;
    }
    if (upTo <= cursor) return 0;
    const { items, until } = await itemsBetween(tx, cursor, upTo);
    let planned = 0;
    for (const { item, language, publishedAt } of items) {
      planned += await planItemDeliveries(tx, item, language, publishedAt);
    }
    await saveCursor(tx, 'items', until);
    return planned;
  });
}

/**
 * Plans the digests of every week that has ended since the `digest` cursor (the Monday of the next week to plan):
 * one delivery per weekly subscriber whose topics and language had items that week, published after they
 * confirmed. The first run ever starts with the current week.
 */
async function planDigests(db: Db, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const cursor = await lockCursor(tx, 'digest');
    if (!cursor) {
      await saveCursor(tx, 'digest', weekStartOf(now));
      return 0;
    }
    let week: Date = cursor;
    let planned = 0;
    while (week.getTime() + WEEK_MS + SETTLE_MS <= now.getTime()) {
      const end: Date = new Date(week.getTime() + WEEK_MS);
      const { items } = await itemsBetween(tx, week, end);
      if (items.length > 0) {
        const key = `digest:${calendarDay(week)}`;
        const subscribers = await weeklySubscribers(tx, end);
        const rows = subscribers.flatMap((subscriber) => {
          const theirs = items
            .filter(
              ({ item, language, publishedAt }) =>
                language === subscriber.locale &&
                (item.kind === 'fatwah' ? subscriber.fatwahs : subscriber.articles) &&
                subscriber.confirmedAt !== null &&
                publishedAt > subscriber.confirmedAt,
            )
            .map(({ item }) => item);
          return theirs.length > 0 ? [{ subscriptionId: subscriber.id, key, items: theirs }] : [];
        });
        for (let i = 0; i < rows.length; i += 500) {
          planned += await insertDigestDeliveries(tx, rows.slice(i, i + 500));
        }
      }
      week = end;
      await saveCursor(tx, 'digest', week);
    }
    return planned;
  });
}

/** The mail of one delivery, with its own unsubscribe token and the Message-ID every send of it carries. */
function mailOf(ctx: SenderContext, delivery: DueDelivery, token: string) {
  const lang = mailLanguage(isLocale(delivery.locale) ? delivery.locale : LOCALES[0], ctx.publicUrl);
  const links = unsubscribeLinks(ctx.publicUrl, lang, token);
  const messageId = `<subscription-${delivery.id}@${new URL(ctx.publicUrl).hostname}>`;
  if (delivery.key.startsWith('digest:')) {
    return subscriptionDigestMail(
      delivery.email,
      delivery.key.slice('digest:'.length),
      delivery.items,
      lang,
      links,
      messageId,
    );
  }
  return subscriptionItemMail(delivery.email, delivery.items[0]!, lang, links, messageId);
}

/** Minutes to wait before trying a refused send again: 5, 10, 20, 40. */
const retryDelayMs = (attempts: number) => 5 * 60_000 * 2 ** Math.max(0, attempts - 1);

/** Sends up to `batch` due deliveries; each is claimed just before its send and marked right after. */
async function sendDue(
  ctx: SenderContext,
  now: Date,
  batch: number,
): Promise<{ sent: number; refused: number }> {
  await cancelUnwanted(ctx.db);
  const due = await dueDeliveries(ctx.db, now, new Date(now.getTime() - STALE_SENDING_MS), batch);
  const counts = { sent: 0, refused: 0 };
  await eachLimited(due, SEND_CONCURRENCY, async (delivery) => {
    const token = newToken();
    if (!(await claimDelivery(ctx.db, delivery, hashToken(token), new Date()))) return;
    const attempts = delivery.attempts + 1;
    try {
      await ctx.mailer.send(mailOf(ctx, delivery, token));
    } catch (error) {
      counts.refused += 1;
      const reason = (error as Error).message;
      const retryAt = attempts < MAX_ATTEMPTS ? new Date(now.getTime() + retryDelayMs(attempts)) : undefined;
      ctx.log.warn({ deliveryId: delivery.id, attempts, reason }, 'subscriptions: a mail was refused');
      await markRefused(ctx.db, delivery.id, reason, retryAt);
      return;
    }
    // The window: SMTP has the mail and this row still says `sending` until this update commits (decision 048).
    await markSent(ctx.db, delivery.id, new Date());
    counts.sent += 1;
  });
  return counts;
}

/** One run: plans new items and ended weeks, then sends up to a batch. */
export async function sweepSubscriptions(
  ctx: SenderContext,
  options: SendOptions = {},
): Promise<SweepResult> {
  const now = options.now ?? new Date();
  const planned = await planNewItems(ctx.db, now);
  const digests = await planDigests(ctx.db, now);
  const { sent, refused } = await sendDue(ctx, now, options.batch ?? SEND_BATCH);
  return { planned, digests, sent, refused };
}

/** A run by one server at a time (`oneServerAtATime`): 'skipped' while another server runs it. */
export async function sweepSubscriptionsOnce(
  ctx: SenderContext,
  databaseKind: DatabaseKind,
  options: SendOptions = {},
): Promise<SweepResult | 'skipped'> {
  return oneServerAtATime(ctx.db, databaseKind, SUBSCRIPTIONS_LOCK_KEY, () =>
    sweepSubscriptions(ctx, options),
  );
}

export function senderContext(app: FastifyInstance): SenderContext {
  return { db: app.db, mailer: app.mailer, publicUrl: app.config.publicUrl, log: app.log };
}

/** Runs the job every `intervalMs` while the server runs (`repeatWhileRunning`), as the reconciliation sweep. */
export function startSubscriptionSender(app: FastifyInstance, intervalMs: number): void {
  const ctx = senderContext(app);
  repeatWhileRunning(app, { intervalMs, firstDelayMs: FIRST_RUN_DELAY_MS }, async () => {
    try {
      const result = await sweepSubscriptionsOnce(ctx, app.database.kind);
      if (result === 'skipped') return;
      if (result.planned + result.digests + result.sent + result.refused > 0) {
        app.log.info(result, 'subscription mails sent');
      }
    } catch (error) {
      if (isDatabaseUnavailable(error)) {
        app.log.warn({ reason: rootMessage(error) }, 'subscription mails: database unavailable');
      } else {
        app.log.error({ err: error }, 'subscription mails failed');
      }
    }
  });
}
