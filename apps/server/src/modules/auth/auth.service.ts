import type { AuthResult, Locale, LoginBody, RegisterBody } from '@scholar/shared';
import { v7 as uuidv7 } from 'uuid';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import type { UserRow } from '../../db/schema';
import { conflict, tooManyRequests, unauthorized } from '../../lib/errors';
import { hashPassword, needsRehash, passwordWork, verifyPassword } from '../../lib/password';
import { once } from '../../lib/once';
import type { Counter, Latch, LimitStore } from '../../lib/counters';
import { minutes, retryAfterSeconds } from '../../lib/rate-limit';
import {
  findUserByEmail,
  findUserById,
  getUser,
  insertUser,
  listAddresses,
  toUser,
  updateUser,
} from '../users/users.service';
import { findRefreshToken, insertRefreshToken, markRotated, revokeFamily } from './auth.repository';
import { hashToken, newOpaqueToken, REFRESH_TOKEN_TTL_MS, signAccessToken } from './tokens';

/** Ends every session of a user (their refresh tokens revoked): for another module that changes who they are. */
export { revokeAllForUser } from './auth.repository';

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
  failed(): Promise<void>;
  /** The password was right: the account's failures are forgiven, and the attempt does not count. */
  succeeded(): Promise<void>;
  /** The password was never checked (the server was too busy): the attempt does not count. */
  abandoned(): Promise<void>;
}

/** The mark of an account's turn while its attempt is being checked, and after a failure while it waits. */
const CHECKING = 'checking';
const WAITING = 'waiting';
/** The longest a check holds the account's turn: it ends within a second or so, unless its instance died. */
const CHECKING_MS = 60_000;

/**
 * Throttles password guessing, for the whole site when the limits are kept in Redis (docs/decisions/028), without
 * letting a stranger lock the owner out (docs/decisions/010-password-work-and-login-throttling.md):
 * - one account from one address: 5 failures in 15 minutes, then that pair waits for the window to end;
 * - one address: 20 failures in 15 minutes, whatever the accounts;
 * - one account from every address together: after 10 failures, each further attempt waits a delay that doubles
 *   up to 30 seconds. It slows a guesser spread over many addresses to two guesses a minute, but never locks the
 *   owner out for more than that delay, and a password reset clears it.
 * An attempt is counted before the password is checked, in the same step as the check of each limit (`take`), so
 * that parallel requests cannot all pass the check before any of them is counted; one refused by a later limit
 * takes back what the earlier ones counted.
 */
export class LoginGuard {
  private readonly byPair: Counter;
  private readonly byAddress: Counter;
  private readonly byAccount: Counter;
  /** An account's turn once it has many failures: one attempt at a time, and the delay after each failure. */
  private readonly accountTurn: Latch;

  constructor(limits: LimitStore) {
    this.byPair = limits.counter('login-pair', LOGIN_LIMITS.perAccountAndAddress, LOGIN_LIMITS.windowMs);
    this.byAddress = limits.counter('login-address', LOGIN_LIMITS.perAddress, LOGIN_LIMITS.windowMs);
    this.byAccount = limits.counter('login-account', Number.POSITIVE_INFINITY, LOGIN_LIMITS.windowMs);
    this.accountTurn = limits.latch('login-account-turn');
  }

  /** A 429 with Retry-After when the address has used up its failures (before anything else is read). */
  async checkAddress(address: string): Promise<void> {
    if ((await this.byAddress.count(address)) >= this.byAddress.max) {
      throw tooManyFailures(await this.byAddress.msUntilReset(address));
    }
  }

  /** Checks the limits and counts the attempt; a 429 with Retry-After when a limit is reached. */
  async begin(email: string, address: string): Promise<LoginAttempt> {
    const pair = `${email}\n${address}`;
    if (!(await this.byPair.take(pair))) throw tooManyFailures(await this.byPair.msUntilReset(pair));
    if (!(await this.byAddress.take(address))) {
      await this.byPair.undo(pair);
      throw tooManyFailures(await this.byAddress.msUntilReset(address));
    }
    const counted = await this.byAccount.add(email);
    const takesTurn = counted > LOGIN_LIMITS.accountFreeFailures;
    if (takesTurn) {
      // One attempt at a time on such an account: the next waits until this one has failed, and the delay after.
      const holder = await this.accountTurn.claim(email, CHECKING, CHECKING_MS);
      if (holder) {
        await Promise.all([this.byPair.undo(pair), this.byAddress.undo(address), this.byAccount.undo(email)]);
        throw tooManyFailures(holder.value === CHECKING ? 1000 : holder.msLeft);
      }
    }
    return {
      failed: async () => {
        const delay = accountDelayMs(counted);
        if (delay > 0) await this.accountTurn.set(email, WAITING, delay);
      },
      succeeded: async () => {
        await Promise.all([this.byPair.reset(pair), this.byAddress.undo(address), this.forgive(email)]);
      },
      abandoned: async () => {
        await Promise.all([
          this.byPair.undo(pair),
          this.byAddress.undo(address),
          this.byAccount.undo(email),
          takesTurn ? this.accountTurn.clear(email) : undefined,
        ]);
      },
    };
  }

  /** Clears the account's failures from every address (the owner signed in, or reset the password). */
  async forgive(email: string): Promise<void> {
    await Promise.all([this.byAccount.reset(email), this.accountTurn.clear(email)]);
  }
}

// Verifying against a real hash when the account does not exist keeps the answer time the same.
const dummyHash = once(() => hashPassword('not-a-real-password'));

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

/** Makes the account, in the language of the page it was made on (its later mails are written in it). */
export async function register(
  db: Db,
  config: Config,
  body: RegisterBody,
  passwordHash: string,
  locale: Locale,
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
      passwordHash,
      locale,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  return { ...(await issueTokens(db, config, user)), user: await getUser(db, user.id) };
}

/**
 * A registration's slow part, before `register` and outside any transaction: the password's hash. A taken email is
 * refused first, at the cost of a lookup.
 */
export async function hashNewPassword(db: Db, body: RegisterBody, address: string): Promise<string> {
  if (await findUserByEmail(db, body.email)) throw emailTaken();
  return passwordWork.hash(address, body.password);
}

/**
 * The answer to a registration sent again with its `Idempotency-Key` (the same body, password included): the
 * account it made, signed in anew, as a login with that password would be. Refused when the password no longer
 * opens the account (changed since), which a login would refuse too.
 */
export async function signInRegistered(
  db: Db,
  config: Config,
  userId: string,
  password: string,
  address: string,
): Promise<AuthResult> {
  const user = await findUserById(db, userId);
  if (!user || !(await passwordWork.verify(address, user.passwordHash, password))) {
    throw conflict('This account has changed since it was made. Please sign in.', 'ACCOUNT_CHANGED');
  }
  return { ...(await issueTokens(db, config, user)), user: await getUser(db, user.id) };
}

/**
 * Checks the password and answers the user with its role; the client keeps the session only when the role is the
 * one its page asked for (docs/product.md, "Session"), and logs out otherwise.
 */
export async function login(
  db: Db,
  config: Config,
  guard: LoginGuard,
  body: Required<Pick<LoginBody, 'email' | 'password'>>,
  address: string,
): Promise<AuthResult> {
  const email = body.email.toLowerCase();
  const attempt = await guard.begin(email, address);
  let user: UserRow | undefined;
  let valid: boolean;
  try {
    // The slot is taken before the account is looked up, so that a refusal for load comes at once.
    valid = await passwordWork.run(address, async () => {
      user = await findUserByEmail(db, email);
      const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash()), body.password);
      // A hash made with older parameters is made anew with today's, in the same turn of the password work.
      if (ok && user && needsRehash(user.passwordHash)) {
        await updateUser(db, user.id, { passwordHash: await hashPassword(body.password) });
      }
      return ok;
    });
  } catch (error) {
    // Refused for load, or the database failed: the password was never checked.
    await attempt.abandoned();
    throw error;
  }
  if (!user || !valid) {
    await attempt.failed();
    throw unauthorized('Invalid email or password', 'INVALID_CREDENTIALS');
  }
  await attempt.succeeded();
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
