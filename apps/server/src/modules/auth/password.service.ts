import { MESSAGES, type PasswordChangeBody } from '@scholar/shared';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { badRequest, notFound, tooManyRequests } from '../../lib/errors';
import type { UserRow } from '../../db/schema';
import { passwordWork } from '../../lib/password';
import type { Counter, LimitStore } from '../../lib/counters';
import { minutes, retryAfterSeconds } from '../../lib/rate-limit';
import { accountChangedMail } from '../../mail/account-changed';
import { mailLanguage } from '../../mail/i18n';
import { escapeHtml, type Mail, type Mailer } from '../../mail/mailer';
import type { AuthUser } from '../../plugins/auth';
import { findUserByEmail, findUserById, updateUser } from '../users/users.service';
import {
  consumeResetToken,
  insertResetToken,
  isResetTokenUsable,
  revokeAllForUser,
  revokeOtherSessions,
} from './auth.repository';
import { hashToken, newOpaqueToken } from './tokens';

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const RESET_LIMITS = {
  /** Reset mails for one address asked from one network address, per window. */
  perEmailAndAddress: 3,
  /** Reset mails asked from one network address, all emails together. */
  perAddress: 10,
  /** Reset mails to one email from every network address together: the owner's inbox is not flooded. */
  perEmail: 10,
  windowMs: minutes(60),
};

const resetLimited = (ms: number) =>
  tooManyRequests(
    'Too many reset requests. Please try again in an hour.',
    'RESET_RATE_LIMITED',
    retryAfterSeconds(ms),
  );

/**
 * Limits reset mails. The limit per email and address pair is what a stranger uses up by asking for the owner's
 * mail: the owner, from their own address, still gets theirs, unless strangers on more than a few addresses have
 * used up the email's own allowance within the hour.
 */
export class ResetGuard {
  private readonly byPair: Counter;
  private readonly byAddress: Counter;
  private readonly byEmail: Counter;

  constructor(limits: LimitStore) {
    this.byPair = limits.counter('reset-pair', RESET_LIMITS.perEmailAndAddress, RESET_LIMITS.windowMs);
    this.byAddress = limits.counter('reset-address', RESET_LIMITS.perAddress, RESET_LIMITS.windowMs);
    this.byEmail = limits.counter('reset-email', RESET_LIMITS.perEmail, RESET_LIMITS.windowMs);
  }

  /**
   * Counts one mail on every limit, each checked in the same step as it is counted; a 429 with Retry-After when
   * one is used up, and what the others counted is taken back.
   */
  async take(email: string, address: string): Promise<void> {
    const taken: [Counter, string][] = [];
    for (const [counter, key] of [
      [this.byPair, `${email}\n${address}`],
      [this.byAddress, address],
      [this.byEmail, email],
    ] as const) {
      if (!(await counter.take(key))) {
        await Promise.all(taken.map(([done, doneKey]) => done.undo(doneKey)));
        throw resetLimited(await counter.msUntilReset(key));
      }
      taken.push([counter, key]);
    }
  }
}

/**
 * Stores a single-use reset token valid for one hour and hands the mail with its link to `sendLater`, which sends
 * it after the answer. The answer is the same whether or not the address has an account (status, body and time,
 * even when the mail cannot be sent), so that nobody can probe for accounts: the lookup is the same for both, and
 * what only a known address needs (the token, the mail) is done by `later`, after the answer.
 */
export async function requestPasswordReset(
  db: Db,
  config: Config,
  later: (task: () => Promise<void>) => void,
  sendLater: (mail: Mail, userId: string) => void,
  guard: ResetGuard,
  email: string,
  address: string,
): Promise<void> {
  await guard.take(email, address);
  const user = await findUserByEmail(db, email);
  if (user) later(() => storeTokenAndMail(db, config, sendLater, user));
}

async function storeTokenAndMail(
  db: Db,
  config: Config,
  sendLater: (mail: Mail, userId: string) => void,
  user: UserRow,
): Promise<void> {
  const { token, hash } = newOpaqueToken();
  await insertResetToken(db, {
    userId: user.id,
    tokenHash: hash,
    expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
  });
  const lang = mailLanguage(user.locale, config.publicUrl);
  const link = lang.url(`/reset-password/${token}`);
  const greeting = { name: user.name };
  sendLater(
    {
      to: user.email,
      subject: lang.text('password.reset.subject'),
      text: [
        lang.text('greeting.named', greeting),
        '',
        lang.text('password.reset.intro'),
        link,
        '',
        lang.text('password.reset.terms'),
      ].join('\n'),
      html: lang.document(`<p>${lang.html('greeting.named', greeting)}</p>
<p>${lang.html('password.reset.intro')}</p>
<p><a href="${escapeHtml(link)}">${lang.html('password.reset.link')}</a></p>
<p>${lang.html('password.reset.terms')}</p>`),
    },
    user.id,
  );
}

export const PASSWORD_CHANGE_LIMITS = {
  /** Wrong current passwords on one account, per window: a stolen session cannot guess its way to a new one. */
  perAccount: 5,
  windowMs: minutes(60),
};

/** What a password change needs beside the database: who asks, from where, the limit and the mailer. */
export interface PasswordChangeContext {
  caller: AuthUser;
  address: string;
  wrongPasswords: Counter;
  mailer: Mailer;
  publicUrl: string;
}

/**
 * Changes the caller's own password. The current one must be right, so that whoever holds a stolen session cannot
 * lock the owner out; wrong ones are limited per account. Every other session of the account ends, as after a
 * reset (the one that made the change goes on), and a mail tells the owner.
 */
export async function changePassword(
  db: Db,
  body: PasswordChangeBody,
  context: PasswordChangeContext,
): Promise<void> {
  const { caller, wrongPasswords } = context;
  const user = await findUserById(db, caller.id);
  if (!user) throw notFound('User not found', 'USER_NOT_FOUND');
  // Counted before the password is checked, in one step with the check of the limit; a right one is taken back.
  if (!(await wrongPasswords.take(user.id))) {
    throw tooManyRequests(
      'Too many wrong passwords. Please try again in an hour, or reset your password.',
      'PASSWORD_CHANGE_RATE_LIMITED',
      retryAfterSeconds(await wrongPasswords.msUntilReset(user.id)),
    );
  }
  if (!(await passwordWork.verify(context.address, user.passwordHash, body.currentPassword))) {
    const message = MESSAGES.currentPasswordWrong;
    throw badRequest(message, 'WRONG_PASSWORD', [{ path: 'body.currentPassword', message }]);
  }
  await wrongPasswords.undo(user.id);
  const passwordHash = await passwordWork.hash(context.address, body.newPassword);
  await db.transaction(async (tx) => {
    await updateUser(tx, user.id, { passwordHash });
    await revokeOtherSessions(tx, user.id, caller.sessionId);
  });
  context.mailer.sendLater(passwordChangedMail(user, context.publicUrl), 'password change notice failed', {
    userId: user.id,
  });
}

/** The notice of a changed password, in the language the account was made in. */
const passwordChangedMail = (user: UserRow, publicUrl: string) =>
  accountChangedMail(user, 'password', publicUrl);

/**
 * Sets the new password and ends every session of the user; answers the user's email and role (which login page
 * is theirs). The token is checked before the new password is hashed, so that a made-up token costs a lookup, not
 * a hash.
 */
export async function resetPassword(
  db: Db,
  token: string,
  password: string,
  address: string,
): Promise<Pick<UserRow, 'email' | 'role'>> {
  const tokenHash = hashToken(token);
  const invalid = () => badRequest('This reset link is invalid or has expired', 'RESET_TOKEN_INVALID');
  if (!(await isResetTokenUsable(db, tokenHash))) throw invalid();
  const passwordHash = await passwordWork.hash(address, password);
  return db.transaction(async (tx) => {
    const userId = await consumeResetToken(tx, tokenHash);
    if (!userId) throw invalid();
    const user = await updateUser(tx, userId, { passwordHash });
    if (!user) throw invalid();
    await revokeAllForUser(tx, userId);
    return { email: user.email, role: user.role };
  });
}
