import { type LOCALES } from '@scholar/shared';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, createdAt, updatedAt, locale, timestamptz } from './columns';

/*
 * Subscriptions by email to new fatwahs and articles (docs/decisions/048). A reader's address is one row, confirmed
 * by a mailed link before anything is sent (double opt-in); the sending job plans one delivery per subscriber and
 * item (or per subscriber and week for a digest) and claims and marks each around its send.
 */
export const SUBSCRIPTION_STATUSES = ['pending', 'confirmed', 'unsubscribed'] as const;
export const SUBSCRIPTION_FREQUENCIES = ['immediate', 'weekly'] as const;
export const DELIVERY_STATUSES = ['queued', 'sending', 'sent', 'failed', 'cancelled'] as const;

/** What a subscriber asked for: kept as `requested` until the confirmation link is followed, then applied. */
export interface SubscriptionChoices {
  fatwahs: boolean;
  articles: boolean;
  frequency: (typeof SUBSCRIPTION_FREQUENCIES)[number];
  locale: (typeof LOCALES)[number];
}

/** One address and what it receives. The choices in columns are the confirmed ones. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: id(),
    /** Stored lower-cased: one row an address. */
    email: text('email').notNull(),
    /** The language of the page subscribed on: mails in it, about items written in it. */
    locale: locale('locale'),
    fatwahs: boolean('fatwahs').notNull().default(false),
    articles: boolean('articles').notNull().default(false),
    frequency: text('frequency', { enum: SUBSCRIPTION_FREQUENCIES }).notNull().default('immediate'),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull().default('pending'),
    /** The choices of the last subscribe form, applied when its confirmation link is followed. */
    requested: jsonb('requested').$type<SubscriptionChoices>(),
    /** SHA-256 of the confirmation link's token (the token itself is only in the mail). */
    confirmTokenHash: text('confirm_token_hash'),
    confirmSentAt: timestamptz('confirm_sent_at'),
    /** When the address was (last) confirmed: items published before it are not sent to it. */
    confirmedAt: timestamptz('confirmed_at'),
    unsubscribedAt: timestamptz('unsubscribed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('subscriptions_email_key').on(t.email),
    uniqueIndex('subscriptions_confirm_token_key').on(t.confirmTokenHash),
    index('subscriptions_status_idx').on(t.status, t.frequency),
  ],
);
export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** The unsubscribe links' tokens (SHA-256 of each): every mail has its own, and each stays good. */
export const subscriptionTokens = pgTable(
  'subscription_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('subscription_tokens_subscription_idx').on(t.subscriptionId)],
);

/** An item a delivery carries: a fatwah or an article. */
export interface DeliveryItem {
  kind: 'fatwah' | 'article';
  id: string;
  /** Its title and a short excerpt when planned: a mail sent again says the same. */
  title: string;
  excerpt: string;
}

/**
 * One mail to one subscriber: `fatwah:<id>` / `article:<id>` for an item sent at once, `digest:<YYYY-MM-DD>` for the
 * week starting that Monday. Unique per subscriber and key, so planning twice plans once. Claimed (`sending`) just
 * before its send and marked `sent` just after; its id makes the mail's Message-ID, the same on a resend.
 */
export const subscriptionDeliveries = pgTable(
  'subscription_deliveries',
  {
    id: id(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** What the mail is about, fixed when planned: one item, or the week's items for a digest. */
    items: jsonb('items').$type<DeliveryItem[]>().notNull(),
    status: text('status', { enum: DELIVERY_STATUSES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    /** Not sent before (a retry after a refusal waits a while). */
    notBefore: timestamptz('not_before').notNull().defaultNow(),
    claimedAt: timestamptz('claimed_at'),
    sentAt: timestamptz('sent_at'),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('subscription_deliveries_key').on(t.subscriptionId, t.key),
    index('subscription_deliveries_due_idx')
      .on(t.status, t.notBefore)
      .where(sql`${t.status} IN ('queued', 'sending')`),
  ],
);
export type SubscriptionDeliveryRow = typeof subscriptionDeliveries.$inferSelect;

/**
 * How far the job has planned: `items` the publication time up to which new items have deliveries, `digest` the
 * Monday of the last week whose digests are planned. One row each, moved in the transaction that plans.
 */
export const subscriptionCursors = pgTable('subscription_cursors', {
  name: text('name').primaryKey(),
  until: timestamptz('until').notNull(),
  updatedAt: updatedAt(),
});
