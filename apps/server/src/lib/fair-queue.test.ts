import { describe, expect, it } from 'vitest';
import { FairQueue, type Refusal } from './fair-queue';

/** Work that ends when the test says so. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

const refusal = (why: Refusal) => new Error(why);
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('a fair queue', () => {
  it('runs up to its concurrency, then hands the slots out in turns per client, not in arrival order', async () => {
    const queue = new FairQueue({ concurrency: 1, maxQueued: 100, perClient: 100 }, refusal);
    const order: string[] = [];
    const first = gate();
    const running = queue.run('flood', async () => {
      order.push('flood-0');
      await first.opened;
    });
    // The flood queues ten more before the reader asks once.
    const flood = Array.from({ length: 10 }, (_, i) =>
      queue.run('flood', async () => {
        order.push(`flood-${i + 1}`);
      }),
    );
    const reader = queue.run('reader', async () => {
      order.push('reader');
    });
    expect(queue.load).toEqual({ running: 1, queued: 11 });
    first.open();
    await Promise.all([running, ...flood, reader]);
    // The reader went right after the job that was running, ahead of the flood's ten.
    expect(order.slice(0, 3)).toEqual(['flood-0', 'reader', 'flood-1']);
    expect(queue.load).toEqual({ running: 0, queued: 0 });
  });

  it('refuses a client beyond its share at once, and refuses everyone when the queue is full', async () => {
    const queue = new FairQueue({ concurrency: 1, maxQueued: 3, perClient: 2 }, refusal);
    const hold = gate();
    const jobs = [queue.run('a', () => hold.opened), queue.run('a', () => hold.opened)];
    await expect(queue.run('a', () => hold.opened)).rejects.toThrow('client');
    jobs.push(
      queue.run('b', () => hold.opened),
      queue.run('c', () => hold.opened),
    );
    // Three waiting (a's second, b, c): the queue is full for a newcomer.
    await expect(queue.run('d', () => hold.opened)).rejects.toThrow('full');
    hold.open();
    await Promise.all(jobs);
    // Room again.
    await expect(queue.run('d', async () => 'done')).resolves.toBe('done');
  });

  it('keeps one client to its running share while slots are free for others', async () => {
    const queue = new FairQueue(
      { concurrency: 4, perClientRunning: 1, maxQueued: 100, perClient: 10 },
      refusal,
    );
    const hold = gate();
    const started: string[] = [];
    const jobs = ['a', 'a', 'a', 'b'].map((client) =>
      queue.run(client, async () => {
        started.push(client);
        await hold.opened;
      }),
    );
    await settle();
    // a runs one, b runs one; a's other two wait though two slots are free.
    expect(started.sort()).toEqual(['a', 'b']);
    expect(queue.load).toEqual({ running: 2, queued: 2 });
    hold.open();
    await Promise.all(jobs);
    expect(started).toHaveLength(4);
  });

  it('frees the slot of a job that failed, and passes its error on', async () => {
    const queue = new FairQueue({ concurrency: 1, maxQueued: 10, perClient: 10 }, refusal);
    await expect(
      queue.run('a', async () => {
        throw new Error('broken');
      }),
    ).rejects.toThrow('broken');
    expect(queue.load).toEqual({ running: 0, queued: 0 });
    await expect(queue.run('a', async () => 1)).resolves.toBe(1);
  });

  it('started on later turns of the event loop, lets timers and I/O run between jobs that block the thread', async () => {
    const queue = new FairQueue({ concurrency: 1, maxQueued: 100, perClient: 100 }, refusal, {
      yieldBetween: true,
    });
    const events: string[] = [];
    const busy = (ms: number) => {
      const until = performance.now() + ms;
      while (performance.now() < until);
    };
    // Twenty jobs that each hold the thread for 5 ms, as an embedded database query does.
    const jobs = Array.from({ length: 20 }, (_, i) =>
      queue.run('flood', async () => {
        busy(5);
        events.push(`job-${i}`);
      }),
    );
    // Something else this process has to do meanwhile (a file read finishing, a socket's data).
    const other = new Promise<void>((resolve) =>
      setImmediate(() => {
        events.push('other');
        resolve();
      }),
    );
    await Promise.all([...jobs, other]);
    // It ran after at most a couple of jobs, not after all twenty.
    expect(events.indexOf('other')).toBeLessThanOrEqual(2);
  });
});
