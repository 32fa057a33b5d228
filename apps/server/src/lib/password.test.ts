import argon2 from 'argon2';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { hashPassword, needsRehash, PasswordWorkQueue, verifyPassword } from './password';

/** Work that ends when the test says so. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('PasswordWorkQueue', () => {
  it('runs at most `concurrency` jobs, queues up to `maxQueued`, and refuses beyond with 503 and Retry-After', async () => {
    const queue = new PasswordWorkQueue({ concurrency: 2, maxQueued: 3, perClient: 100 });
    const gates = Array.from({ length: 6 }, gate);
    const started: number[] = [];
    const jobs = gates.map((g, i) =>
      queue
        .run(`client-${i}`, async () => {
          started.push(i);
          await g.opened;
          return i;
        })
        .catch((error: unknown) => error),
    );
    await tick();
    expect(started).toEqual([0, 1]);
    expect(queue.load).toEqual({ running: 2, queued: 3 });
    const refused = await jobs[5];
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ statusCode: 503, code: 'SERVER_BUSY', retryAfter: expect.any(Number) });
    for (const g of gates) g.open();
    expect(await Promise.all(jobs.slice(0, 5))).toEqual([0, 1, 2, 3, 4]);
    expect(queue.load).toEqual({ running: 0, queued: 0 });
  });

  it('refuses a client that has its share under way with 429, before queueing anything', async () => {
    const queue = new PasswordWorkQueue({ concurrency: 1, maxQueued: 10, perClient: 2 });
    const g = gate();
    const mine = [queue.run('a', () => g.opened), queue.run('a', () => g.opened)];
    const third = await queue.run('a', () => g.opened).catch((error: unknown) => error);
    expect(third).toMatchObject({ statusCode: 429, code: 'PASSWORD_WORK_BUSY' });
    expect(queue.load).toEqual({ running: 1, queued: 1 });
    // Another client is not refused.
    const other = queue.run('b', () => g.opened);
    g.open();
    await Promise.all([...mine, other]);
  });

  it('serves waiting clients in turn: a flood from one client does not push another back', async () => {
    const queue = new PasswordWorkQueue({ concurrency: 1, maxQueued: 50, perClient: 20 });
    const order: string[] = [];
    const job = (name: string) => async () => {
      order.push(name);
      await tick();
    };
    const all = [
      ...Array.from({ length: 10 }, (_, i) => queue.run('flood', job(`flood-${i}`))),
      queue.run('owner', job('owner')),
      queue.run('other', job('other')),
    ];
    await Promise.all(all);
    // flood-0 was running; the client just served goes to the back: owner, other, flood, ...
    expect(order.slice(0, 5)).toEqual(['flood-0', 'owner', 'other', 'flood-1', 'flood-2']);
    expect(order).toHaveLength(12);
  });

  it('frees the slot of a job that fails', async () => {
    const queue = new PasswordWorkQueue({ concurrency: 1, maxQueued: 1, perClient: 1 });
    await expect(queue.run('a', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await queue.run('a', async () => 'again')).toBe('again');
    expect(queue.load).toEqual({ running: 0, queued: 0 });
  });
});

describe('password hashes', () => {
  it("are argon2id with OWASP's parameters (19 MiB, 2 passes, 1 lane), and verify", async () => {
    const hash = await hashPassword('a long passphrase');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(await verifyPassword(hash, 'a long passphrase')).toBe(true);
    expect(await verifyPassword(hash, 'another one')).toBe(false);
    expect(needsRehash(hash)).toBe(false);
    expect(needsRehash(await argon2.hash('x', { type: argon2.argon2id }))).toBe(true);
  });
});
