import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { id, createdAt, timestamptz } from './columns';

/*
 * Every mail the site sends about one reader's act (an order, a reset, a proof, a subscription, an invitation), kept
 * until the mail server has taken it (docs/decisions/072): written before the first attempt, tried again with a
 * growing pause for a day, each time with its one Message-ID.
 */
export const MAIL_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** The mail as the transport takes it; attachments in base64. */
export interface StoredMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  headers?: Record<string, string>;
  attachments?: { filename: string; contentType: string; base64: string }[];
}

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    /** What the mail is, as its failure is logged ("password reset mail failed"): the desk shows it. */
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    mail: jsonb('mail').$type<StoredMail>().notNull(),
    /** What the mail concerns (an order number, a user id), for the log and the desk. */
    context: jsonb('context').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status', { enum: MAIL_STATUSES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    /** Not tried before (a retry after a refusal waits a while). */
    notBefore: timestamptz('not_before').notNull().defaultNow(),
    claimedAt: timestamptz('claimed_at'),
    sentAt: timestamptz('sent_at'),
    lastError: text('last_error'),
    /** Since when it has been tried: a day after, a refusal is final. A retry from the desk starts a new day. */
    tryingSince: timestamptz('trying_since').notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    index('mail_outbox_due_idx')
      .on(t.status, t.notBefore)
      .where(sql`${t.status} IN ('queued', 'sending')`),
    index('mail_outbox_created_idx').on(t.createdAt),
  ],
);
export type MailOutboxRow = typeof mailOutbox.$inferSelect;
