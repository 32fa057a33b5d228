import { and, asc, count, eq, gt, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { mailOutbox, type MailOutboxRow, type StoredMail } from '../db/schema';
import { eachLimited } from '../lib/each-limited';

/*
 * The mail outbox (docs/decisions/072): a mail is written here before it is first tried, and stays until the mail
 * server has taken it. A refused mail is tried again, the first time within a minute, then with pauses that double up
 * to `MAX_RETRY_DELAY_MS`, for `GIVE_UP_AFTER_MS`; then it is `failed`, which the desk shows with a retry. Each try
 * carries the mail's one Message-ID, so that a mail taken twice (the server took it but the answer was lost) is one
 * mail to the reader's client.
 */

/** A mail as the transport takes it (mailer.ts's `Mail`, its attachments made). */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
  messageId?: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

/** The pause after the first refusal: the first retry comes within a minute. */
export const FIRST_RETRY_DELAY_MS = 30_000;
/** The longest pause between two tries. */
export const MAX_RETRY_DELAY_MS = 15 * 60_000;
/** How long a refused mail is tried before it is `failed`. */
export const GIVE_UP_AFTER_MS = 24 * 60 * 60_000;
/**
 * A mail claimed this long ago by a try that never ended (its server died) is tried again. Longer than any send
 * can last (nodemailer gives up on a silent socket after 10 minutes).
 */
export const STALE_SENDING_MS = 15 * 60_000;
/** How long a sent mail is kept (the desk's list of what was sent; a bill's PDF in it): then it is deleted. */
export const KEEP_SENT_MS = 30 * 24 * 60 * 60_000;
/** Sent mails deleted per run, at most. */
const PRUNE_BATCH = 500;
/** Mails tried per run, and at once. */
const BATCH = 100;
const CONCURRENCY = 3;

/** The mails due at `now`: queued and past their pause, or left `sending` by a try that never ended. */
function due(now: Date) {
  const staleBefore = new Date(now.getTime() - STALE_SENDING_MS);
  return or(
    and(eq(mailOutbox.status, 'queued'), lte(mailOutbox.notBefore, now)),
    and(eq(mailOutbox.status, 'sending'), lt(mailOutbox.claimedAt, staleBefore)),
  );
}

/** The pause before the next try after `attempts` refused ones: 30 s, 1, 2, 4, 8, then 15 minutes. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_DELAY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_DELAY_MS);
}

/** The mail as it is kept: its attachments made, in base64, and its Message-ID fixed. */
export function storedMail(mail: OutgoingMail, messageId: string): StoredMail {
  return {
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: mail.messageId ?? messageId,
    ...(mail.headers ? { headers: mail.headers } : {}),
    ...(mail.attachments?.length
      ? {
          attachments: mail.attachments.map((file) => ({
            filename: file.filename,
            contentType: file.contentType,
            base64: file.content.toString('base64'),
          })),
        }
      : {}),
  };
}

/** The kept mail as the transport takes it. */
export function mailOf(stored: StoredMail): OutgoingMail {
  return {
    to: stored.to,
    subject: stored.subject,
    text: stored.text,
    html: stored.html,
    messageId: stored.messageId,
    ...(stored.headers ? { headers: stored.headers } : {}),
    ...(stored.attachments
      ? {
          attachments: stored.attachments.map((file) => ({
            filename: file.filename,
            contentType: file.contentType,
            content: Buffer.from(file.base64, 'base64'),
          })),
        }
      : {}),
  };
}

/**
 * Writes a mail to the outbox, due at `now`: this process's clock, which its tries compare with (the database's
 * `now()` can be a few microseconds past it, and the first try would find the mail not yet due).
 */
export async function enqueueMail(
  db: Db,
  row: { id: string; kind: string; mail: StoredMail; context: Record<string, unknown> },
  now = new Date(),
): Promise<void> {
  await db.insert(mailOutbox).values({
    id: row.id,
    kind: row.kind,
    recipient: row.mail.to.toLowerCase(),
    mail: row.mail,
    context: row.context,
    notBefore: now,
    tryingSince: now,
  });
}

/** The mails of one kind written for one address in the last 24 hours. */
export async function mailsToday(db: Db, to: string, kind: string, now = new Date()): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.recipient, to.toLowerCase()),
        eq(mailOutbox.kind, kind),
        gt(mailOutbox.createdAt, new Date(now.getTime() - 24 * 60 * 60_000)),
      ),
    );
  return row?.n ?? 0;
}

export interface OutboxDeps {
  db: Db;
  /** Hands a mail to the mail server; throws when it is refused. */
  transport: (mail: OutgoingMail) => Promise<void>;
  log: {
    warn(details: Record<string, unknown>, message: string): void;
    error(details: Record<string, unknown>, message: string): void;
  };
}

/** What a try came to: `skipped` when the mail was not due, or another try had it. */
export type TryOutcome = 'sent' | 'refused' | 'failed' | 'skipped';

/**
 * Tries one mail: claims it (`sending`, one more attempt) if it is due, hands it to the mail server, and marks it
 * `sent`, or `queued` again for later, or `failed` once it has been refused for a day.
 */
export async function tryMail(deps: OutboxDeps, id: string, now = new Date()): Promise<TryOutcome> {
  const [claimed] = await deps.db
    .update(mailOutbox)
    .set({ status: 'sending', claimedAt: now, attempts: sql`${mailOutbox.attempts} + 1` })
    .where(and(eq(mailOutbox.id, id), due(now)))
    .returning();
  if (!claimed) return 'skipped';
  try {
    await deps.transport(mailOf(claimed.mail));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const givenUp = now.getTime() - claimed.tryingSince.getTime() >= GIVE_UP_AFTER_MS;
    await deps.db
      .update(mailOutbox)
      .set(
        givenUp
          ? { status: 'failed', claimedAt: null, lastError: reason }
          : {
              status: 'queued',
              claimedAt: null,
              lastError: reason,
              notBefore: new Date(now.getTime() + retryDelayMs(claimed.attempts)),
            },
      )
      .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'sending')));
    const details = {
      mailId: id,
      kind: claimed.kind,
      attempts: claimed.attempts,
      reason,
      ...claimed.context,
    };
    if (givenUp) deps.log.error(details, 'mail failed: refused for a day');
    else deps.log.warn(details, 'mail refused: tried again later');
    return givenUp ? 'failed' : 'refused';
  }
  await deps.db
    .update(mailOutbox)
    .set({ status: 'sent', sentAt: now, claimedAt: null, lastError: null })
    .where(eq(mailOutbox.id, id));
  return 'sent';
}

export interface OutboxRun {
  sent: number;
  refused: number;
  failed: number;
}

/** Tries the mails that are due (and those a dead server left `sending`), oldest first, a batch per run. */
export async function deliverDueMail(deps: OutboxDeps, now = new Date()): Promise<OutboxRun> {
  const dueIds = await deps.db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(due(now))
    .orderBy(asc(mailOutbox.notBefore))
    .limit(BATCH);
  const run: OutboxRun = { sent: 0, refused: 0, failed: 0 };
  await eachLimited(dueIds, CONCURRENCY, async ({ id }) => {
    const outcome = await tryMail(deps, id, now);
    if (outcome !== 'skipped') run[outcome] += 1;
  });
  return run;
}

/** Deletes sent mails older than `KEEP_SENT_MS`, a batch per run: the outbox does not grow without end. */
export async function pruneSentMail(db: Db, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - KEEP_SENT_MS);
  const old = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, 'sent'), lt(mailOutbox.sentAt, before)))
    .limit(PRUNE_BATCH);
  const deleted = await db
    .delete(mailOutbox)
    .where(inArray(mailOutbox.id, old))
    .returning({ id: mailOutbox.id });
  return deleted.length;
}

/** A failed mail back in the queue, tried at the next run: false when there is no failed mail of that id. */
export async function retryFailedMail(db: Db, id: string, now = new Date()): Promise<boolean> {
  const rows = await db
    .update(mailOutbox)
    .set({ status: 'queued', notBefore: now, tryingSince: now })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'failed')))
    .returning({ id: mailOutbox.id });
  return rows.length > 0;
}

export type OutboxMail = Pick<
  MailOutboxRow,
  'id' | 'kind' | 'recipient' | 'status' | 'attempts' | 'notBefore' | 'sentAt' | 'lastError' | 'createdAt'
> & { subject: string };
