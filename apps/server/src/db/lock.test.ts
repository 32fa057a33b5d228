// @database: the advisory lock that keeps one server on a database
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildSync } from 'esbuild';
import { afterEach, describe, expect, it } from 'vitest';
import { once as lazily } from '../lib/once';
import { DataDirLockedError, lockByPidFile, lockDataDir } from './lock';

/** Nothing here depends on the database engine: run once per test run, in the PGlite project. */
const once = process.env.TEST_DB !== 'postgres';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scholar-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const linux = process.platform === 'linux';

/**
 * How long the refusals below wait for a holder to let go: a holder here never does, so the production wait (2 s,
 * for a server that is ending) would only add up, ten times over in the race.
 */
const REFUSAL_WAIT_MS = 150;

/**
 * lock.ts as plain JavaScript, compiled once for the processes below: each loading it through tsx spent a fraction
 * of a second of CPU on the transpiler, and the races start a dozen. Removed when the process exits.
 */
const compiledLockModule = lazily(() => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scholar-lock-module-'));
  process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  const outfile = path.join(dir, 'lock.mjs');
  buildSync({
    entryPoints: [path.join(import.meta.dirname, 'lock.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'warning',
  });
  return outfile;
});

/** A process that takes the folder's lock and keeps it: its pid once it holds it. */
function startHolder(dir: string, options: { orphanedZombie?: boolean } = {}) {
  const script = `const { lockDataDir } = await import(process.env.LOCK_MODULE); await lockDataDir(process.env.DIR); console.log('held ' + process.pid); setInterval(() => {}, 1000);`;
  const node = [process.execPath, '--input-type=module', '-e', script];
  const env = { ...process.env, LOCK_MODULE: compiledLockModule(), DIR: dir };
  // With `orphanedZombie`, a shell starts the holder and becomes sleep, which never reaps it: once killed, it
  // stays a zombie (it still answers kill -0) until the sleep ends.
  const child = options.orphanedZombie
    ? spawn(
        'sh',
        ['-c', `${node.map((arg) => `'${arg.replaceAll("'", "'\\''")}'`).join(' ')} & exec sleep 60`],
        {
          env,
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      )
    : spawn(node[0]!, node.slice(1), { env, stdio: ['ignore', 'pipe', 'inherit'] });
  const pid = new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const held = /held (\d+)/.exec(out);
      if (held) resolve(Number(held[1]));
    });
    child.once('exit', (code) => reject(new Error(`the holder exited with ${code}`)));
  });
  return { child, pid };
}

/** The state letter of a process in /proc (R, S, Z…), or undefined once it is gone. */
function stateOf(pid: number): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
  } catch {
    return undefined;
  }
}

describe.runIf(once && linux)('lockDataDir: a lock the operating system drops with its process', () => {
  const children: ChildProcess[] = [];
  afterEach(() => {
    for (const child of children.splice(0)) child.kill('SIGKILL');
  });

  it('refuses a folder held by a running server, naming its process', async () => {
    const dir = tempDir();
    const holder = startHolder(dir);
    children.push(holder.child);
    const pid = await holder.pid;
    await expect(lockDataDir(dir, { releaseWaitMs: REFUSAL_WAIT_MS })).rejects.toThrow(DataDirLockedError);
    await expect(lockDataDir(dir, { releaseWaitMs: REFUSAL_WAIT_MS })).rejects.toThrow(
      `Another server (process ${pid}) is already using the data folder`,
    );
  });

  it('is taken at once after its holder was killed, though the killed process is not reaped yet', async () => {
    const dir = tempDir();
    const holder = startHolder(dir, { orphanedZombie: true });
    children.push(holder.child);
    const pid = await holder.pid;
    process.kill(pid, 'SIGKILL');
    await expect.poll(() => stateOf(pid)).toBe('Z');
    // A pid check alone mistakes the zombie for a running server.
    expect(() => lockByPidFile(dir)).toThrow(DataDirLockedError);
    const release = await lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8')).toBe(String(process.pid));
    release();
  });

  it('is taken when the lock file names a process that is another program now (its pid used again)', async () => {
    const dir = tempDir();
    // A live process that is not a server of this folder: the test runner's parent.
    fs.writeFileSync(path.join(dir, 'server.lock'), String(process.ppid));
    const release = await lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, 'server.lock'))).toBe(false);
    // Free again after release.
    (await lockDataDir(dir))();
  });

  it('is one lock per folder, whatever path names it', async () => {
    const dir = tempDir();
    fs.symlinkSync(dir, `${dir}-link`);
    const release = await lockDataDir(dir);
    try {
      await expect(lockDataDir(`${dir}-link`, { releaseWaitMs: REFUSAL_WAIT_MS })).rejects.toThrow(
        DataDirLockedError,
      );
    } finally {
      release();
      fs.rmSync(`${dir}-link`);
    }
  });

  it('lets exactly one of several servers starting at once take it', async () => {
    await raceForTheLock('lockDataDir', 10);
  }, 120_000);
});

describe.runIf(once)('lockByPidFile (where there is no abstract socket)', () => {
  it('refuses a folder held by a running process, with a clear message', () => {
    const dir = tempDir();
    // The parent process of this test runner is alive and is not us.
    fs.writeFileSync(path.join(dir, 'server.lock'), String(process.ppid));
    expect(() => lockByPidFile(dir)).toThrow(DataDirLockedError);
    expect(() => lockByPidFile(dir)).toThrow(/already using the data folder/);
  });

  it('takes over a lock left by a process that has gone', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'server.lock'), '999999999');
    const release = lockByPidFile(dir);
    expect(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, 'server.lock'))).toBe(false);
  });

  it('lets the folder be taken again after release', () => {
    const dir = tempDir();
    lockByPidFile(dir)();
    const release = lockByPidFile(dir);
    release();
  });

  it('takes over a stale lock whose first claimant died before replacing it', () => {
    const dir = tempDir();
    const file = path.join(dir, 'server.lock');
    fs.writeFileSync(file, '999999999');
    // A second name for the very same stale file (same inode, time and content), to bring it back below.
    fs.linkSync(file, path.join(dir, 'stale-copy'));
    lockByPidFile(dir)();
    const [claim] = fs.readdirSync(dir).filter((name) => name.startsWith('server.lock.'));
    expect(claim).toBeDefined();
    // As if that claimant had died between its claim and its rename: the stale lock is there, its claim names a
    // process that has gone.
    fs.linkSync(path.join(dir, 'stale-copy'), file);
    fs.writeFileSync(path.join(dir, claim!), '999999998');
    const started = Date.now();
    const release = lockByPidFile(dir);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(fs.readFileSync(file, 'utf8')).toBe(String(process.pid));
    expect(fs.readdirSync(dir).filter((name) => name.startsWith('server.lock.'))).toHaveLength(2);
    release();
  });

  it('lets exactly one of several servers starting at once take over a stale lock', async () => {
    await raceForTheLock('lockByPidFile', 30);
  }, 120_000);
});

/**
 * Several processes take the lock of one folder at the same moment, again and again; exactly one must win each time.
 * Each one's file-system calls are slowed by a random pause of up to 2 ms, as a busy machine's scheduler would, so
 * that every interleaving of their steps happens.
 */
async function raceForTheLock(fn: 'lockDataDir' | 'lockByPidFile', TRIALS: number): Promise<void> {
  const CONTENDERS = 6;
  const contenders = Array.from({ length: CONTENDERS }, () => startContender(fn));
  try {
    await Promise.all(contenders.map((c) => c.next()));
    const outcomes: { trial: number; won: number; others: string[]; holder: string }[] = [];
    for (let trial = 0; trial < TRIALS; trial += 1) {
      const dir = tempDir();
      fs.writeFileSync(path.join(dir, 'server.lock'), '999999999');
      const at = Date.now() + 40;
      const results = await Promise.all(
        contenders.map((c) => {
          c.child.send({ type: 'go', dir, at });
          return c.next();
        }),
      );
      const winners = results.filter((r) => r.result === 'won');
      outcomes.push({
        trial,
        won: winners.length,
        others: results.filter((r) => r.result !== 'won' && r.result !== 'refused').map((r) => r.result),
        holder: holderOf(path.join(dir, 'server.lock')) === String(winners[0]?.pid) ? 'winner' : 'other',
      });
      await Promise.all(
        contenders.map((c) => {
          c.child.send({ type: 'release' });
          return c.next();
        }),
      );
    }
    const wrong = outcomes.filter((o) => o.won !== 1 || o.others.length > 0 || o.holder !== 'winner');
    expect(wrong, `${wrong.length} of ${TRIALS} trials without exactly one holder`).toEqual([]);
  } finally {
    for (const c of contenders) c.child.kill();
  }
}

/**
 * One contender: a process that takes the lock of the folder it is sent at the moment it is told, and answers
 * with the outcome.
 */
const CONTENDER = `
import fs from 'node:fs';

const lock = (await import(process.env.LOCK_MODULE))[process.env.LOCK_FN];
const pause = new Int32Array(new SharedArrayBuffer(4));
const sleep = (ms) => Atomics.wait(pause, 0, 0, Math.max(0, ms));
for (const name of Object.keys(fs)) {
  const original = fs[name];
  if (!name.endsWith('Sync') || typeof original !== 'function') continue;
  fs[name] = function (...args) {
    sleep(Math.random() * 2);
    return original.apply(this, args);
  };
}
const held = [];
process.on('message', async (message) => {
  if (message.type === 'go') {
    sleep(message.at - Date.now());
    try {
      held.push(await lock(message.dir, { releaseWaitMs: Number(process.env.RELEASE_WAIT_MS) }));
      process.send({ result: 'won', pid: process.pid });
    } catch (error) {
      process.send({ result: error.name === 'DataDirLockedError' ? 'refused' : 'error: ' + error.message });
    }
  } else if (message.type === 'release') {
    for (const release of held.splice(0)) release();
    process.send({ result: 'released' });
  }
});
process.send({ result: 'ready' });
`;

const holderOf = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : 'no lock');

interface ContenderMessage {
  result: string;
  pid?: number;
}

function startContender(fn: string): { child: ChildProcess; next: () => Promise<ContenderMessage> } {
  const child = spawn(process.execPath, ['--input-type=module', '-e', CONTENDER], {
    env: {
      ...process.env,
      LOCK_MODULE: compiledLockModule(),
      LOCK_FN: fn,
      RELEASE_WAIT_MS: String(REFUSAL_WAIT_MS),
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const queue: ContenderMessage[] = [];
  const waiting: ((message: ContenderMessage) => void)[] = [];
  child.on('message', (message: ContenderMessage) => {
    const resolve = waiting.shift();
    if (resolve) resolve(message);
    else queue.push(message);
  });
  const next = () =>
    new Promise<ContenderMessage>((resolve, reject) => {
      const queued = queue.shift();
      if (queued) return resolve(queued);
      waiting.push(resolve);
      child.once('exit', (exitCode) => reject(new Error(`a contender exited with ${exitCode}`)));
    });
  return { child, next };
}
