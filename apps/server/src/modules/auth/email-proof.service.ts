import { TRACK_MESSAGES, type AuthResult, type EmailProofState, type EmailVerified } from '@scholar/shared';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import type { Counter, LimitStore } from '../../lib/counters';
import { AppError, notFound, tooManyRequests } from '../../lib/errors';
import { minutes, retryAfterSeconds } from '../../lib/rate-limit';
import { emailProofMail } from '../../mail/email-proof';
import { mailLanguage } from '../../mail/i18n';
import type { Mailer } from '../../mail/mailer';
import { attachGuestOrders } from '../orders/track.service';
import { findUserById, updateUser } from '../users/users.service';
import {
  insertEmailProofToken,
  lockEmailProofToken,
  markEmailProofTokenUsed,
} from './email-proof.repository';
import { hashToken, newOpaqueToken } from './tokens';

/**
 * The email proof (docs/decisions/054): a new account is mailed a link; confirming it sets `email_verified_at` and
 * gives the account every order placed as a guest with that email, in one transaction. Until then the account
 * sees only its own orders: an email typed at registration proves nothing, and orders are private. Signing in
 * does not wait for it.
 */

/** How long a link works. */
export const EMAIL_PROOF_TTL_MS = 48 * 60 * 60 * 1000;
/** New links one account may ask for, per window (besides the limit per network address on the route). */
export const EMAIL_PROOF_RESENDS = { perUser: 3, windowMs: minutes(60) };

export interface EmailProofContext {
  mailer: Pick<Mailer, 'sendLater'>;
  publicUrl: string;
}

/** Limits the links asked again per account. */
export class EmailProofGuard {
  private readonly byUser: Counter;

  constructor(limits: LimitStore) {
    this.byUser = limits.counter(
      'email-proof-user',
      EMAIL_PROOF_RESENDS.perUser,
      EMAIL_PROOF_RESENDS.windowMs,
    );
  }

  async take(userId: string): Promise<void> {
    if (!(await this.byUser.take(userId))) {
      throw tooManyRequests(
        TRACK_MESSAGES.verifyTooMany,
        'EMAIL_PROOF_RATE_LIMITED',
        retryAfterSeconds(await this.byUser.msUntilReset(userId)),
      );
    }
  }
}

/** Stores a new single-use token (its hash only) and mails its link in the user's language, after the answer. */
export async function sendEmailProof(
  db: Db,
  context: EmailProofContext,
  user: Pick<UserRow, 'id' | 'name' | 'email' | 'locale'>,
): Promise<void> {
  const { token, hash } = newOpaqueToken();
  const email = user.email.toLowerCase();
  await insertEmailProofToken(db, {
    tokenHash: hash,
    userId: user.id,
    email,
    expiresAt: new Date(Date.now() + EMAIL_PROOF_TTL_MS),
  });
  context.mailer.sendLater(
    emailProofMail({ name: user.name, email }, token, mailLanguage(user.locale, context.publicUrl)),
    'email proof mail failed',
    { userId: user.id },
  );
}

/** After a registration (in its transaction): the first link. Answers the registration as it was. */
export async function startEmailProof(
  db: Db,
  context: EmailProofContext,
  result: AuthResult,
): Promise<AuthResult> {
  const user = await findUserById(db, result.user._id);
  if (user && user.emailVerifiedAt === null) await sendEmailProof(db, context, user);
  return result;
}

/** Whether the signed-in user has confirmed their email. */
export async function emailProofState(db: Db, userId: string): Promise<EmailProofState> {
  const user = await findUserById(db, userId);
  if (!user) throw notFound('User not found', 'USER_NOT_FOUND');
  return { verified: user.emailVerifiedAt !== null, email: user.email };
}

/** "Send the link again": false when the email is confirmed already (nothing is sent). */
export async function resendEmailProof(
  db: Db,
  context: EmailProofContext,
  guard: EmailProofGuard,
  userId: string,
): Promise<boolean> {
  const user = await findUserById(db, userId);
  if (!user) throw notFound('User not found', 'USER_NOT_FOUND');
  if (user.emailVerifiedAt !== null) return false;
  await guard.take(userId);
  await sendEmailProof(db, context, user);
  return true;
}

const refused = (status: number, code: string, message: string) => new AppError(status, code, message);

/**
 * Confirms an email with a mailed token: refused when unknown, used, expired, or when the account's email is no
 * longer the one mailed. In one transaction: the token is used, the email marked confirmed, and the orders placed
 * as a guest with that email (any case, no account yet) become the account's.
 */
export async function confirmEmail(db: Db, token: string): Promise<EmailVerified> {
  return db.transaction(async (tx) => {
    const row = await lockEmailProofToken(tx, hashToken(token));
    if (!row) throw refused(400, 'EMAIL_PROOF_INVALID', TRACK_MESSAGES.verifyInvalid);
    if (row.usedAt) throw refused(410, 'EMAIL_PROOF_USED', TRACK_MESSAGES.verifyUsed);
    if (row.expiresAt.getTime() <= Date.now()) {
      throw refused(410, 'EMAIL_PROOF_EXPIRED', TRACK_MESSAGES.verifyExpired);
    }
    const user = await findUserById(tx, row.userId);
    if (!user || user.email.toLowerCase() !== row.email) {
      throw refused(400, 'EMAIL_PROOF_INVALID', TRACK_MESSAGES.verifyInvalid);
    }
    const now = new Date();
    await markEmailProofTokenUsed(tx, row.tokenHash, now);
    if (user.emailVerifiedAt === null) await updateUser(tx, user.id, { emailVerifiedAt: now });
    return { attachedOrders: await attachGuestOrders(tx, user.id, row.email) };
  });
}
