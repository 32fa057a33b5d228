import { createHash, randomBytes } from 'node:crypto';
import type { Locale, SubscribeBody, SubscriptionConfirmed, SubscriptionStats } from '@scholar/shared';
import { SUBSCRIPTION_MESSAGES } from '@scholar/shared';
import type { Db } from '../../db/client';
import type { SubscriptionChoices } from '../../db/schema';
import { notFound } from '../../lib/errors';
import {
  applyConfirmation,
  countSubscribers,
  findByConfirmToken,
  insertToken,
  markUnsubscribed,
  statusOfEmail,
  subscriptionOfToken,
  upsertRequest,
} from './subscriptions.repository';

/**
 * Subscriptions by email (docs/decisions/048): double opt-in, one-click unsubscribe, tokens kept only as hashes.
 */

/** How long a confirmation link stays good. */
export const CONFIRM_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** A link's token: 32 random bytes, base64url (43 characters). */
export const newToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const invalidLink = () => notFound(SUBSCRIPTION_MESSAGES.invalidToken, 'SUBSCRIPTION_LINK_INVALID');

/** What the confirmation mail needs: the address, its requested choices and the two tokens. */
export interface SubscribeRequest {
  email: string;
  choices: SubscriptionChoices;
  confirmToken: string;
  unsubscribeToken: string;
}

/** Confirmation mails one address may be sent in a day, whoever asks and from wherever (docs/decisions/069). */
export const CONFIRMS_PER_EMAIL_PER_DAY = 3;

/**
 * Whether a subscribe form for `email` may mail a confirmation: not to an address already confirmed (a form can
 * change nothing there, and would only fill a stranger's inbox), and no more than `allowance` allows (a counter of
 * mails per address: `take` checks and counts in one step). The route answers the same in every case.
 */
export async function mayMailConfirmation(
  db: Db,
  email: string,
  allowance: { take(key: string): Promise<boolean> },
): Promise<boolean> {
  if ((await statusOfEmail(db, email)) === 'confirmed') return false;
  return allowance.take(email);
}

/**
 * Records the form and answers what the confirmation mail needs. The same for a new address, a pending one and an
 * unsubscribed one: the answer never tells which. The route calls it only when `mayMailConfirmation` allows.
 */
export async function subscribe(
  db: Db,
  body: SubscribeBody,
  locale: Locale,
  now = new Date(),
): Promise<SubscribeRequest> {
  const choices: SubscriptionChoices = {
    fatwahs: body.fatwahs,
    articles: body.articles,
    frequency: body.frequency,
    locale,
  };
  const confirmToken = newToken();
  const unsubscribeToken = newToken();
  await db.transaction(async (tx) => {
    const id = await upsertRequest(tx, body.email, choices, hashToken(confirmToken), now);
    await insertToken(tx, id, hashToken(unsubscribeToken));
  });
  return { email: body.email, choices, confirmToken, unsubscribeToken };
}

/** Follows a confirmation link: the requested choices take effect. A used or expired link is refused. */
export async function confirmSubscription(
  db: Db,
  token: string,
  now = new Date(),
): Promise<SubscriptionConfirmed> {
  const row = await findByConfirmToken(db, hashToken(token));
  if (
    !row?.requested ||
    !row.confirmSentAt ||
    now.getTime() - row.confirmSentAt.getTime() > CONFIRM_LINK_TTL_MS
  ) {
    throw invalidLink();
  }
  if (!(await applyConfirmation(db, row, row.requested, now))) throw invalidLink();
  const { fatwahs, articles, frequency } = row.requested;
  return { fatwahs, articles, frequency };
}

/** Unsubscribes the address of a mail's token; again is harmless. */
export async function unsubscribe(db: Db, token: string, now = new Date()): Promise<void> {
  const id = await subscriptionOfToken(db, hashToken(token));
  if (!id) throw invalidLink();
  await markUnsubscribed(db, id, now);
}

export function subscriberStats(db: Db): Promise<SubscriptionStats> {
  return countSubscribers(db);
}
