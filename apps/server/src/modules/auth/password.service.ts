import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { badRequest, tooManyRequests } from '../../lib/errors';
import { hashPassword } from '../../lib/password';
import { minutes, WindowCounter } from '../../lib/rate-limit';
import { escapeHtml, type Mail } from '../../mail/mailer';
import { findUserByEmail, updateUser } from '../users/users.repository';
import { consumeResetToken, insertResetToken, revokeAllForUser } from './auth.repository';
import { hashToken, newOpaqueToken } from './tokens';

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const RESET_LIMITS = { perEmail: 3, perIp: 10, windowMs: minutes(60) };

export class ResetGuard {
  readonly byEmail = new WindowCounter(RESET_LIMITS.perEmail, RESET_LIMITS.windowMs);
  readonly byIp = new WindowCounter(RESET_LIMITS.perIp, RESET_LIMITS.windowMs);

  take(email: string, ip: string): void {
    if (this.byEmail.isBlocked(email) || this.byIp.isBlocked(ip)) {
      throw tooManyRequests('Too many reset requests. Please try again in an hour.', 'RESET_RATE_LIMITED');
    }
    this.byEmail.add(email);
    this.byIp.add(ip);
  }
}

/**
 * Stores a single-use reset token valid for one hour and hands the mail with its link to `sendLater`, which sends
 * it after the answer. The answer is the same whether or not the address has an account (status, body and time,
 * even when the mail cannot be sent), so that nobody can probe for accounts.
 */
export async function requestPasswordReset(
  db: Db,
  config: Config,
  sendLater: (mail: Mail, userId: string) => void,
  guard: ResetGuard,
  email: string,
  ip: string,
): Promise<void> {
  guard.take(email, ip);
  const user = await findUserByEmail(db, email);
  if (!user) return;
  const { token, hash } = newOpaqueToken();
  await insertResetToken(db, {
    userId: user.id,
    tokenHash: hash,
    expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
  });
  const link = `${config.publicUrl}/reset-password/${token}`;
  sendLater(
    {
      to: user.email,
      subject: 'Reset your password',
      text: [
        `Assalamu alaikum ${user.name},`,
        '',
        'Someone (hopefully you) asked to reset the password of your account. Open this link to choose a new one:',
        link,
        '',
        'The link works once and expires in one hour. If you did not ask for this, you can ignore this mail.',
      ].join('\n'),
      html: `<p>Assalamu alaikum ${escapeHtml(user.name)},</p>
<p>Someone (hopefully you) asked to reset the password of your account. Open this link to choose a new one:</p>
<p><a href="${escapeHtml(link)}">Reset your password</a></p>
<p>The link works once and expires in one hour. If you did not ask for this, you can ignore this mail.</p>`,
    },
    user.id,
  );
}

/** Sets the new password and ends every session of the user. */
export async function resetPassword(db: Db, token: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const userId = await consumeResetToken(tx, hashToken(token));
    if (!userId) throw badRequest('This reset link is invalid or has expired', 'RESET_TOKEN_INVALID');
    await updateUser(tx, userId, { passwordHash });
    await revokeAllForUser(tx, userId);
  });
}
