import type { AuthResult, LoginBody, RegisterBody } from '@scholar/shared';
import { v7 as uuidv7 } from 'uuid';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { conflict, tooManyRequests, unauthorized } from '../../lib/errors';
import { LRUCache } from 'lru-cache';
import { hashPassword, passwordWork, verifyPassword } from '../../lib/password';
import { COUNTER_MAX_KEYS, minutes, retryAfterSeconds, WindowCounter } from '../../lib/rate-limit';
import { findUserByEmail, findUserById, insertUser, listAddresses } from '../users/users.repository';
import { getUser, isUniqueViolation, toUser } from '../users/users.service';
import { findRefreshToken, insertRefreshToken, markRotated, revokeFamily } from './auth.repository';
import { hashToken, newOpaqueToken, REFRESH_TOKEN_TTL_MS, signAccessToken } from './tokens';

export const LOGIN_LIMITS = {
  /** Failed logins for one account from one address, per window. */
  perAccountAndAddress: 5,
  /** Failed logins from one address, all accounts together, per window. */
  perAddress: 20,
  windowMs: minutes(15),
  /** Failed logins for one account from every address together before each further attempt has to wait. */
  accountFreeFailures: 10,
  /** The wait doubles with each further failure, from one second up to this. */
  accountMaxDelayMs: 30_000,
};

/** The wait before the next attempt on an account with this many failures in the window. */
export function accountDelayMs(failures: number): number {
  const beyond = failures - LOGIN_LIMITS.accountFreeFailures;
  if (beyond < 0) return 0;
  return Math.min(LOGIN_LIMITS.accountMaxDelayMs, 1000 * 2 ** Math.min(beyond, 20));
}

const tooManyFailures = (ms: number) => {
  const seconds = retryAfterSeconds(ms);
  const wait = seconds > 90 ? `${Math.ceil(seconds / 60)} minutes` : `${seconds} seconds`;
  return tooManyRequests(
    `Too many failed login attempts. Please try again in ${wait}, or reset your password.`,
    'LOGIN_RATE_LIMITED',
    seconds,
  );
};

/** A login attempt counted before its password is checked; it ends one way or the other. */
export interface LoginAttempt {
  /** The password was wrong: the account's next attempt waits from now, once it has many failures. */
  failed(): void;
  /** The password was right: the account's failures are forgiven, and the attempt does not count. */
  succeeded(): void;
  /** The password was never checked (the server was too busy): the attempt does not count. */
  abandoned(): void;
}

/**
 * Throttles password guessing, in this process, without letting a stranger lock the owner out
 * (docs/decisions/010-password-work-and-login-throttling.md):
 * - one account from one address: 5 failures in 15 minutes, then that pair waits for the window to end;
 * - one address: 20 failures in 15 minutes, whatever the accounts;
 * - one account from every address together: after 10 failures, each further attempt waits a delay that doubles
 *   up to 30 seconds. It slows a guesser spread over many addresses to two guesses a minute, but never locks the
 *   owner out for more than that delay, and a password reset clears it.
 * An attempt is counted before the password is checked, in the same step as the check of the limits, so that
 * parallel requests cannot all pass the check before any of them is counted.
 */
export class LoginGuard {
  readonly byPair = new WindowCounter(LOGIN_LIMITS.perAccountAndAddress, LOGIN_LIMITS.windowMs);
  readonly byAddress = new WindowCounter(LOGIN_LIMITS.perAddress, LOGIN_LIMITS.windowMs);
  readonly byAccount = new WindowCounter(Number.POSITIVE_INFINITY, LOGIN_LIMITS.windowMs);
  /** The earliest time an account with many failures takes its next attempt. */
  private readonly accountNextAt = new LRUCache<string, number>({ max: COUNTER_MAX_KEYS });

  /** A 429 with Retry-After when the address has used up its failures (before anything else is read). */
  checkAddress(address: string, now = Date.now()): void {
    if (this.byAddress.isBlocked(address, now)) {
      throw tooManyFailures(this.byAddress.msUntilReset(address, now));
    }
  }

  /** Checks the limits and counts the attempt; a 429 with Retry-After when a limit is reached. */
  begin(email: string, address: string, now = Date.now()): LoginAttempt {
    const pair = `${email}\n${address}`;
    if (this.byPair.isBlocked(pair, now)) throw tooManyFailures(this.byPair.msUntilReset(pair, now));
    this.checkAddress(address, now);
    const failures = this.byAccount.count(email, now);
    const previousNextAt = this.accountNextAt.get(email);
    if (failures >= LOGIN_LIMITS.accountFreeFailures) {
      if (previousNextAt !== undefined && now < previousNextAt) {
        // Infinite while another attempt on the account is being checked: it ends within a second or so.
        throw tooManyFailures(Number.isFinite(previousNextAt) ? previousNextAt - now : 1000);
      }
      // One attempt at a time on such an account: the next waits until this one has failed, and the delay after.
      this.accountNextAt.set(email, Number.POSITIVE_INFINITY);
    }
    this.byPair.add(pair, now);
    this.byAddress.add(address, now);
    const counted = this.byAccount.add(email, now);
    return {
      failed: () => {
        const delay = accountDelayMs(counted);
        if (delay > 0) this.accountNextAt.set(email, Date.now() + delay);
      },
      succeeded: () => {
        this.byPair.reset(pair);
        this.byAddress.undo(address);
        this.forgive(email);
      },
      abandoned: () => {
        this.byPair.undo(pair);
        this.byAddress.undo(address);
        this.byAccount.undo(email);
        if (previousNextAt === undefined) this.accountNextAt.delete(email);
        else this.accountNextAt.set(email, previousNextAt);
      },
    };
  }

  /** Clears the account's failures from every address (the owner signed in, or reset the password). */
  forgive(email: string): void {
    this.byAccount.reset(email);
    this.accountNextAt.delete(email);
  }
}

// Verifying against a real hash when the account does not exist keeps the answer time the same.
let dummyHash: Promise<string> | undefined;

/** Opens a session (or continues one: `familyId`): a refresh token stored hashed, and an access token. */
export async function issueTokens(
  db: Db,
  config: Pick<Config, 'jwtSecret'>,
  user: Pick<UserRow, 'id' | 'role'>,
  familyId = uuidv7(),
) {
  const refresh = newOpaqueToken();
  await insertRefreshToken(db, {
    userId: user.id,
    familyId,
    tokenHash: refresh.hash,
    expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_MS),
  });
  const accessToken = await signAccessToken(config.jwtSecret!, {
    sub: user.id,
    role: user.role,
    sid: familyId,
  });
  return { accessToken, refreshToken: refresh.token };
}

/** A taken email, said of the form's email field. */
const emailTaken = () => {
  const message = 'An account with this email already exists';
  return conflict(message, 'EMAIL_TAKEN', [{ path: 'body.email', message }]);
};

export async function register(
  db: Db,
  config: Config,
  body: RegisterBody,
  address: string,
): Promise<AuthResult> {
  if (await findUserByEmail(db, body.email)) {
    throw emailTaken();
  }
  let user: UserRow;
  try {
    user = await insertUser(db, {
      name: body.name,
      email: body.email,
      phone: body.phone,
      passwordHash: await passwordWork.hash(address, body.password),
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
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
  address: string,
): Promise<AuthResult> {
  const email = body.email.toLowerCase();
  const attempt = guard.begin(email, address);
  let user: UserRow | undefined;
  let valid: boolean;
  try {
    // The slot is taken before the account is looked up, so that a refusal for load comes at once.
    valid = await passwordWork.run(address, async () => {
      user = await findUserByEmail(db, email);
      return verifyPassword(
        user?.passwordHash ?? (await (dummyHash ??= hashPassword('not-a-real-password'))),
        body.password,
      );
    });
  } catch (error) {
    // Refused for load, or the database failed: the password was never checked.
    attempt.abandoned();
    throw error;
  }
  if (!user || !valid) {
    attempt.failed();
    throw unauthorized('Invalid email or password', 'INVALID_CREDENTIALS');
  }
  attempt.succeeded();
  const [tokens, addressRows] = await Promise.all([
    issueTokens(db, config, user),
    listAddresses(db, user.id),
  ]);
  return { ...tokens, user: toUser(user, addressRows) };
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
  // The successor is stored in the same transaction that marks this token rotated: a racing call that finds the
  // token rotated revokes the family after the successor exists, so the successor is revoked too.
  const rotated = await db.transaction(async (tx) =>
    (await markRotated(tx, row.id)) ? issueTokens(tx, config, user, row.familyId) : null,
  );
  if (!rotated) {
    await revokeFamily(db, row.familyId);
    throw unauthorized('This session has ended. Please log in again.', 'REFRESH_REUSED');
  }
  return rotated;
}

/** Ends the session of this refresh token (its family); unknown tokens are ignored. */
export async function logout(db: Db, refreshToken: string): Promise<void> {
  const row = await findRefreshToken(db, hashToken(refreshToken));
  if (row) await revokeFamily(db, row.familyId);
}
