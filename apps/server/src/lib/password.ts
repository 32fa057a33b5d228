import os from 'node:os';
import argon2 from 'argon2';
import { AppError, tooManyRequests } from './errors';

/**
 * Password hashing is the most expensive thing the server does (argon2id with 64 MiB and 3 passes: about 0.2 s of
 * one core), and it runs on libuv's four threads, which file reads share. Left unbounded, one client sending
 * hundreds of logins at once starves every other request. So hashes run a few at a time, the rest wait in a short
 * queue served in turn per client (one waiting client cannot be overtaken by another's flood), and beyond that a
 * request is refused at once: 429 when that client already has its share under way, 503 when the queue is full.
 * Both carry Retry-After. See docs/decisions/010-password-work-and-login-throttling.md.
 */
export interface PasswordWorkLimits {
  /** Hashes computed at the same time. */
  concurrency: number;
  /** Hashes waiting, all clients together. */
  maxQueued: number;
  /** Hashes running or waiting for one client (an address). */
  perClient: number;
}

export const PASSWORD_WORK_LIMITS: PasswordWorkLimits = {
  // Half the cores, at least one and at most two: the other half stays free for everything else.
  concurrency: Math.min(2, Math.max(1, Math.floor(os.availableParallelism() / 2))),
  maxQueued: 16,
  perClient: 3,
};

export const BUSY_RETRY_AFTER_SECONDS = 2;

interface Job {
  start: () => void;
}

/** Runs password work under `limits`, fairly across clients. */
export class PasswordWorkQueue {
  private running = 0;
  private queued = 0;
  /** Waiting jobs per client; a Map keeps insertion order, which makes the turns. */
  private readonly waiting = new Map<string, Job[]>();
  /** Jobs running or waiting per client. */
  private readonly perClient = new Map<string, number>();

  constructor(readonly limits: PasswordWorkLimits = PASSWORD_WORK_LIMITS) {}

  /** Jobs running and waiting right now. */
  get load(): { running: number; queued: number } {
    return { running: this.running, queued: this.queued };
  }

  /**
   * Runs `work` when a slot is free. Refuses at once, before anything is queued, when `client` has its share
   * under way (429) or the queue is full (503).
   */
  run<T>(client: string, work: () => Promise<T>): Promise<T> {
    const mine = this.perClient.get(client) ?? 0;
    if (mine >= this.limits.perClient) {
      return Promise.reject(
        tooManyRequests(
          'Too many sign-in attempts at once from your network. Please try again in a moment.',
          'PASSWORD_WORK_BUSY',
          BUSY_RETRY_AFTER_SECONDS,
        ),
      );
    }
    if (this.running >= this.limits.concurrency && this.queued >= this.limits.maxQueued) {
      return Promise.reject(
        new AppError(
          503,
          'SERVER_BUSY',
          'The server is busy. Please try again in a moment.',
          undefined,
          BUSY_RETRY_AFTER_SECONDS,
        ),
      );
    }
    this.perClient.set(client, mine + 1);
    return new Promise<T>((resolve, reject) => {
      // The slot is free before the caller hears the result.
      const done = () => {
        this.running -= 1;
        const left = (this.perClient.get(client) ?? 1) - 1;
        if (left > 0) this.perClient.set(client, left);
        else this.perClient.delete(client);
        // The client just served goes to the back of the line.
        const mine = this.waiting.get(client);
        if (mine) {
          this.waiting.delete(client);
          this.waiting.set(client, mine);
        }
        this.next();
      };
      const start = () => {
        this.running += 1;
        work().then(
          (value) => {
            done();
            resolve(value);
          },
          (error: unknown) => {
            done();
            reject(error instanceof Error ? error : new Error('password work failed', { cause: error }));
          },
        );
      };
      if (this.running < this.limits.concurrency) {
        start();
        return;
      }
      this.queued += 1;
      const jobs = this.waiting.get(client);
      if (jobs) jobs.push({ start });
      else this.waiting.set(client, [{ start }]);
    });
  }

  /** Starts the first job of the client whose turn it is; that client goes to the back of the line. */
  private next(): void {
    if (this.running >= this.limits.concurrency) return;
    const turn = this.waiting.entries().next();
    if (turn.done) return;
    const [client, jobs] = turn.value;
    const job = jobs.shift()!;
    this.waiting.delete(client);
    if (jobs.length > 0) this.waiting.set(client, jobs);
    this.queued -= 1;
    job.start();
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
