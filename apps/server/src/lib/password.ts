import os from 'node:os';
import argon2 from 'argon2';
import { AppError, tooManyRequests } from './errors';
import { FairQueue, type FairQueueLimits } from './fair-queue';

/**
 * Password hashing is the most expensive thing the server does (argon2id with 64 MiB and 3 passes: about 0.2 s of
 * one core), and it runs on libuv's four threads, which file reads share. Left unbounded, one client sending
 * hundreds of logins at once starves every other request. So hashes run a few at a time, the rest wait in a short
 * queue served in turn per client (one waiting client cannot be overtaken by another's flood), and beyond that a
 * request is refused at once: 429 when that client already has its share under way, 503 when the queue is full.
 * Both carry Retry-After. See docs/decisions/010-password-work-and-login-throttling.md.
 */
export type PasswordWorkLimits = FairQueueLimits;

export const PASSWORD_WORK_LIMITS: PasswordWorkLimits = {
  // Half the cores, at least one and at most two: the other half stays free for everything else.
  concurrency: Math.min(2, Math.max(1, Math.floor(os.availableParallelism() / 2))),
  maxQueued: 16,
  perClient: 3,
};

export const BUSY_RETRY_AFTER_SECONDS = 2;

/** Runs password work under `limits`, fairly across clients (lib/fair-queue.ts). */
export class PasswordWorkQueue {
  private readonly queue: FairQueue;

  constructor(readonly limits: PasswordWorkLimits = PASSWORD_WORK_LIMITS) {
    this.queue = new FairQueue(limits, (why) =>
      why === 'client'
        ? tooManyRequests(
            'Too many sign-in attempts at once from your network. Please try again in a moment.',
            'PASSWORD_WORK_BUSY',
            BUSY_RETRY_AFTER_SECONDS,
          )
        : new AppError(
            503,
            'SERVER_BUSY',
            'The server is busy. Please try again in a moment.',
            undefined,
            BUSY_RETRY_AFTER_SECONDS,
          ),
    );
  }

  /** Jobs running and waiting right now. */
  get load(): { running: number; queued: number } {
    return this.queue.load;
  }

  /**
   * Runs `work` when a slot is free. Refuses at once, before anything is queued, when `client` has its share
   * under way (429) or the queue is full (503).
   */
  run<T>(client: string, work: () => Promise<T>): Promise<T> {
    return this.queue.run(client, work);
  }

  /** argon2id of a password a client sent, under the limits. */
  hash(client: string, password: string): Promise<string> {
    return this.run(client, () => hashPassword(password));
  }

  /** Checks a password a client sent against a stored hash, under the limits. */
  verify(client: string, hash: string, password: string): Promise<boolean> {
    return this.run(client, () => verifyPassword(hash, password));
  }
}

/**
 * The queue every password a request carries goes through (registration, login, reset, a changed email). The
 * plain functions below are for the server's own work: the seed, the test factories.
 */
export const passwordWork = new PasswordWorkQueue();

/** argon2id with the library's defaults (64 MiB, 3 passes). */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}
