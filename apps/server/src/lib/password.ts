import os from 'node:os';
import argon2 from 'argon2';
import { busyRefusal, FairQueue, type FairQueueLimits } from './fair-queue';

/**
 * Password hashing is the most expensive thing the server does (argon2id with 19 MiB and 2 passes: about 80 ms
 * of one core), and it runs on libuv's four threads, which file reads share. Left unbounded, one client sending
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
    this.queue = new FairQueue(
      limits,
      busyRefusal(
        {
          message: 'Too many sign-in attempts at once from your network. Please try again in a moment.',
          code: 'PASSWORD_WORK_BUSY',
        },
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

/**
 * argon2id as OWASP's Password Storage Cheat Sheet recommends at the least: 19 MiB, 2 passes, 1 lane (about 80 ms
 * of one core here). The library's defaults (64 MiB, 3 passes, 4 lanes) took ~260 ms of both cores of a 2-core
 * server for every login: under a flood of logins nothing else ran (docs/decisions/010). The parameters travel in
 * each hash, so hashes made with the old ones still verify, and are made anew at the next sign-in (`needsRehash`).
 */
export const PASSWORD_HASH_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, PASSWORD_HASH_OPTIONS);
}

/** Whether a stored hash was made with other parameters than today's (then a sign-in hashes the password anew). */
export function needsRehash(hash: string): boolean {
  try {
    return argon2.needsRehash(hash, PASSWORD_HASH_OPTIONS);
  } catch {
    return false;
  }
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}
