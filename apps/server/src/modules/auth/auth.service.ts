import type { AuthResult, LoginBody, RegisterBody } from '@scholar/shared';
import { v7 as uuidv7 } from 'uuid';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { conflict, tooManyRequests, unauthorized } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/password';
import { minutes, WindowCounter } from '../../lib/rate-limit';
import { findUserByEmail, findUserById, insertUser } from '../users/users.repository';
import { getUser, isUniqueViolation } from '../users/users.service';
import { findRefreshToken, insertRefreshToken, markRotated, revokeFamily } from './auth.repository';
import { hashToken, newOpaqueToken, REFRESH_TOKEN_TTL_MS, signAccessToken } from './tokens';

export const LOGIN_LIMITS = { perAccount: 5, perIp: 20, windowMs: minutes(15) };

/** Failed logins, per account and per address, in this process. */
export class LoginGuard {
  readonly byAccount = new WindowCounter(LOGIN_LIMITS.perAccount, LOGIN_LIMITS.windowMs);
  readonly byIp = new WindowCounter(LOGIN_LIMITS.perIp, LOGIN_LIMITS.windowMs);

  check(email: string, ip: string): void {
    if (this.byAccount.isBlocked(email) || this.byIp.isBlocked(ip)) {
      throw tooManyRequests(
        'Too many failed login attempts. Please try again in 15 minutes.',
        'LOGIN_RATE_LIMITED',
      );
    }
  }

  failed(email: string, ip: string): void {
    this.byAccount.add(email);
    this.byIp.add(ip);
  }

  succeeded(email: string): void {
    this.byAccount.reset(email);
  }
}

// Verifying against a real hash when the account does not exist keeps the answer time the same.
let dummyHash: Promise<string> | undefined;

async function issueTokens(db: Db, config: Config, user: UserRow, familyId = uuidv7()) {
  const refresh = newOpaqueToken();
  await insertRefreshToken(db, {
    userId: user.id,
    familyId,
    tokenHash: refresh.hash,
    expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_MS),
  });
  const accessToken = await signAccessToken(config.jwtSecret!, { sub: user.id, role: user.role });
  return { accessToken, refreshToken: refresh.token };
}

export async function register(db: Db, config: Config, body: RegisterBody): Promise<AuthResult> {
  if (await findUserByEmail(db, body.email)) {
    throw conflict('An account with this email already exists', 'EMAIL_TAKEN');
  }
  let user: UserRow;
  try {
    user = await insertUser(db, {
      name: body.name,
      email: body.email,
      phone: body.phone,
      passwordHash: await hashPassword(body.password),
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('An account with this email already exists', 'EMAIL_TAKEN');
    throw error;
  }
  return { ...(await issueTokens(db, config, user)), user: await getUser(db, user.id) };
}

/**
 * Checks the password and answers the user with its role; the client keeps the session only when the role is the
 * one its page asked for (spec §4), and logs out otherwise.
 */
export async function login(
  db: Db,
  config: Config,
  guard: LoginGuard,
  body: Required<Pick<LoginBody, 'email' | 'password'>>,
  ip: string,
): Promise<AuthResult> {
  const email = body.email.toLowerCase();
  guard.check(email, ip);
  const user = await findUserByEmail(db, email);
  const valid = user
    ? await verifyPassword(user.passwordHash, body.password)
    : await verifyPassword(await (dummyHash ??= hashPassword('not-a-real-password')), body.password);
  if (!user || !valid) {
    guard.failed(email, ip);
    throw unauthorized('Invalid email or password', 'INVALID_CREDENTIALS');
  }
  guard.succeeded(email);
  return { ...(await issueTokens(db, config, user)), user: await getUser(db, user.id) };
}

/**
 * Rotates a refresh token. A token that was already rotated or revoked is a stolen copy or a replay: its whole
 * family (every token descended from that login) is revoked.
 */
export async function refresh(db: Db, config: Config, refreshToken: string) {
  const row = await findRefreshToken(db, hashToken(refreshToken));
  if (!row) throw unauthorized('Invalid refresh token', 'REFRESH_INVALID');
  if (row.rotatedAt || row.revokedAt) {
    await revokeFamily(db, row.familyId);
    throw unauthorized('This session has ended. Please log in again.', 'REFRESH_REUSED');
  }
  if (row.expiresAt.getTime() <= Date.now())
    throw unauthorized('Your session has expired', 'REFRESH_EXPIRED');
  const user = await findUserById(db, row.userId);
  if (!user) throw unauthorized('Invalid refresh token', 'REFRESH_INVALID');
  if (!(await markRotated(db, row.id))) {
    await revokeFamily(db, row.familyId);
    throw unauthorized('This session has ended. Please log in again.', 'REFRESH_REUSED');
  }
  return issueTokens(db, config, user, row.familyId);
}

/** Ends the session of this refresh token (its family); unknown tokens are ignored. */
export async function logout(db: Db, refreshToken: string): Promise<void> {
  const row = await findRefreshToken(db, hashToken(refreshToken));
  if (row) await revokeFamily(db, row.familyId);
}
