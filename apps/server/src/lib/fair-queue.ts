import { AppError, tooManyRequests } from './errors';

/**
 * Work that one client must not be able to take from the others (password hashing, database reads nobody has
 * asked for before) runs through a fair queue: a few jobs at a time, the rest waiting in turns per client, and
 * beyond a client's share or the queue's size a request is refused at once rather than left to wait. The turns go
 * round the clients that wait (a Map keeps insertion order): a client whose job just started goes to the back of
 * the line, so one waiting client is never overtaken by another's flood.
 * See docs/decisions/010-password-work-and-login-throttling.md and docs/decisions/038-a-fair-share-of-the-database.md.
 */
export interface FairQueueLimits {
  /** Jobs running at the same time, all clients together. */
  concurrency: number;
  /** Jobs waiting, all clients together. */
  maxQueued: number;
  /** Jobs running or waiting for one client (an address). */
  perClient: number;
  /** Jobs running at the same time for one client; the default, `concurrency`, lets one client use every slot. */
  perClientRunning?: number;
}

/** Why a job was not taken: the client has its share under way, or the queue is full. */
export type Refusal = 'client' | 'full';

/**
 * The refusal of a queue of HTTP requests: 429 with the client's `message` and `code` when that client has its share
 * under way, 503 when the queue is full; both say when to try again.
 */
export function busyRefusal(
  client: { message: string; code: string },
  retryAfterSeconds: number,
): (why: Refusal) => AppError {
  return (why) =>
    why === 'client'
      ? tooManyRequests(client.message, client.code, retryAfterSeconds)
      : new AppError(
          503,
          'SERVER_BUSY',
          'The server is busy. Please try again in a moment.',
          undefined,
          retryAfterSeconds,
        );
}

interface Job {
  start: () => void;
}

export class FairQueue {
  private running = 0;
  private queued = 0;
  /** Waiting jobs per client, in the order the clients take their turns. */
  private readonly waiting = new Map<string, Job[]>();
  /** Jobs running or waiting per client. */
  private readonly perClient = new Map<string, number>();
  /** Jobs running per client. */
  private readonly runningPerClient = new Map<string, number>();
  private readonly perClientRunning: number;

  /**
   * @param refuse - the error a refused job rejects with.
   * @param options.yieldBetween - start every job on a later turn of the event loop rather than at once. For jobs
   *   that are CPU on this thread (the embedded database runs its queries synchronously inside their promises), this
   *   is what makes the queue work at all: otherwise each request's whole chain of hooks, handler and queries runs in
   *   the microtasks that follow its socket's read, to the end, before the next socket is read, and a client with 50
   *   connections gets 50 turns for every one of a client with one. Started later, every request that arrived is
   *   first taken into the queue, which then decides the order, and other requests' I/O (a static file, a cached
   *   page) is served between two jobs.
   */
  constructor(
    readonly limits: FairQueueLimits,
    private readonly refuse: (why: Refusal) => Error,
    private readonly options: { yieldBetween?: boolean } = {},
  ) {
    this.perClientRunning = Math.max(1, limits.perClientRunning ?? limits.concurrency);
  }

  /** Jobs running and waiting right now. */
  get load(): { running: number; queued: number } {
    return { running: this.running, queued: this.queued };
  }

  /**
   * Runs `work` when a slot is free and it is `client`'s turn. Refuses at once, before anything is queued, when the
   * client has its share under way or the queue is full.
   */
  run<T>(client: string, work: () => Promise<T>): Promise<T> {
    const mine = this.perClient.get(client) ?? 0;
    if (mine >= this.limits.perClient) return Promise.reject(this.refuse('client'));
    if (!this.canStart(client) && this.queued >= this.limits.maxQueued) {
      return Promise.reject(this.refuse('full'));
    }
    this.perClient.set(client, mine + 1);
    return new Promise<T>((resolve, reject) => {
      // The slot is free before the caller hears the result.
      const done = () => {
        this.running -= 1;
        decrement(this.runningPerClient, client);
        decrement(this.perClient, client);
        // The client just served goes to the back of the line, behind those that waited meanwhile.
        const mine = this.waiting.get(client);
        if (mine) {
          this.waiting.delete(client);
          this.waiting.set(client, mine);
        }
        this.next();
      };
      const start = () => {
        this.running += 1;
        this.runningPerClient.set(client, (this.runningPerClient.get(client) ?? 0) + 1);
        let started: Promise<T>;
        try {
          started = work();
        } catch (error) {
          started = Promise.reject(error instanceof Error ? error : new Error(String(error)));
        }
        started.then(
          (value) => {
            done();
            resolve(value);
          },
          (error: unknown) => {
            done();
            reject(error instanceof Error ? error : new Error('queued work failed', { cause: error }));
          },
        );
      };
      if (this.canStart(client) && !this.waiting.has(client)) {
        this.launch(client, start);
        return;
      }
      this.queued += 1;
      const jobs = this.waiting.get(client);
      if (jobs) jobs.push({ start });
      else this.waiting.set(client, [{ start }]);
    });
  }

  private canStart(client: string): boolean {
    return (
      this.running < this.limits.concurrency &&
      (this.runningPerClient.get(client) ?? 0) < this.perClientRunning
    );
  }

  /** Starts the first job of the first client in line that may run one; that client goes to the back. */
  private next(): void {
    while (this.running < this.limits.concurrency) {
      let turn: [string, Job[]] | undefined;
      for (const entry of this.waiting) {
        if ((this.runningPerClient.get(entry[0]) ?? 0) < this.perClientRunning) {
          turn = entry;
          break;
        }
      }
      if (!turn) return;
      const [client, jobs] = turn;
      const job = jobs.shift()!;
      this.waiting.delete(client);
      if (jobs.length > 0) this.waiting.set(client, jobs);
      this.queued -= 1;
      this.launch(client, job.start);
    }
  }

  /** Starts a job now, or on the next turn of the event loop with its slot held for it meanwhile. */
  private launch(client: string, start: () => void): void {
    if (!this.options.yieldBetween) {
      start();
      return;
    }
    this.running += 1;
    this.runningPerClient.set(client, (this.runningPerClient.get(client) ?? 0) + 1);
    setImmediate(() => {
      this.running -= 1;
      decrement(this.runningPerClient, client);
      start();
    });
  }
}

function decrement(counts: Map<string, number>, client: string): void {
  const left = (counts.get(client) ?? 1) - 1;
  if (left > 0) counts.set(client, left);
  else counts.delete(client);
}
