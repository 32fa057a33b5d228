import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

const LOCK = 'server.lock';
/** How long a start waits for another one that is taking over the same stale lock. */
const TAKEOVER_WAIT_MS = 5_000;
/**
 * How long a start waits for a socket lock to be let go by a process that is ending, before it says it is held
 * (`lockDataDir`'s `releaseWaitMs`: the tests of a refusal wait less).
 */
const RELEASE_WAIT_MS = 2_000;
/** Leftovers of takeovers (claims, temporary files) older than this are removed. */
const LEFTOVER_AGE_MS = 10 * 60_000;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const code = (error: unknown) => (error as NodeJS.ErrnoException).code;

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * A file's pid and an identity of this very file: its inode, modification time and content. A file written again,
 * even with the same pid, is another generation; undefined when there is no such file.
 */
function readHolder(file: string): { pid: number; generation: string } | undefined {
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch (error) {
    if (code(error) === 'ENOENT') return undefined;
    throw error;
  }
  try {
    const stat = fs.fstatSync(fd, { bigint: true });
    const content = fs.readFileSync(fd, 'utf8');
    const generation = createHash('sha256')
      .update(`${stat.ino}:${stat.mtimeNs}:${content}`)
      .digest('hex')
      .slice(0, 24);
    return { pid: Number.parseInt(content.trim(), 10), generation };
  } finally {
    fs.closeSync(fd);
  }
}

/** Creates `target` holding `content`, whole, only if it does not exist: a hard link of a finished file. */
function createWhole(target: string, content: string): boolean {
  const temp = `${target}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  fs.writeFileSync(temp, content, { flag: 'wx' });
  try {
    fs.linkSync(temp, target);
    return true;
  } catch (error) {
    if (code(error) === 'EEXIST') return false;
    throw error;
  } finally {
    fs.rmSync(temp, { force: true });
  }
}

/** Claims and temporary files of takeovers long finished (or of starts that crashed midway). */
function removeLeftovers(dataDir: string): void {
  const now = Date.now();
  for (const name of fs.readdirSync(dataDir)) {
    if (!name.startsWith(`${LOCK}.`)) continue;
    const file = path.join(dataDir, name);
    try {
      if (now - fs.statSync(file).mtimeMs > LEFTOVER_AGE_MS) fs.rmSync(file, { force: true });
    } catch {
      // Gone already.
    }
  }
}

/**
 * Takes the data folder for this process alone: the embedded database loses writes when two processes open it.
 * `DATA_DIR/server.lock` holds the pid of the server (`kill "$(cat server.lock)"` stops it). Resolves with the
 * release function.
 *
 * On Linux the lock is one the operating system holds for the process and drops with it: a Unix socket in the
 * abstract namespace named after the folder, which only one process can listen on, and which is gone the moment
 * its process ends, killed or not, reaped or not. A pid alone could not say that: a killed server that its parent
 * has not reaped yet still answers `kill -0`, and after a reboot or many processes its pid may belong to another
 * program. `server.lock` is then only what it says (the pid, for operators), written by whoever holds the socket.
 * Elsewhere (macOS, Windows) it falls back to the pid file alone, below.
 */
export async function lockDataDir(
  dataDir: string,
  { releaseWaitMs = RELEASE_WAIT_MS }: { releaseWaitMs?: number } = {},
): Promise<() => void> {
  fs.mkdirSync(dataDir, { recursive: true });
  if (process.platform !== 'linux') return lockByPidFile(dataDir);
  const file = path.join(dataDir, LOCK);
  const name = socketNameOf(dataDir);
  let socket = await holdSocket(name);
  // A process that was just killed may hold its sockets a few milliseconds longer, until its last thread has gone
  // (it shows as a zombie already): a start right after it waits for that rather than give up.
  for (const started = Date.now(); !socket && Date.now() - started < releaseWaitMs;) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    socket = await holdSocket(name);
  }
  if (!socket) {
    const holder = readHolder(file)?.pid;
    throw new DataDirLockedError(
      `Another server${holder && holder > 0 ? ` (process ${holder})` : ''} is already using the data folder ` +
        `${dataDir}. Stop it first, or start this one with its own DATA_DIR (or a DATABASE_URL).`,
    );
  }
  // Ours now, whatever an earlier holder left: replaced whole (a reader never sees it half written).
  const mine = String(process.pid);
  const temp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  fs.writeFileSync(temp, mine, { flag: 'wx' });
  fs.renameSync(temp, file);
  removeLeftovers(dataDir);
  return releaser(file, mine, () => socket.close());
}

/** The abstract socket of a folder: its real path, hashed (the name is at most 107 bytes). */
function socketNameOf(dataDir: string): string {
  const real = fs.realpathSync(dataDir);
  return `\0scholar-data-dir-${createHash('sha256').update(real).digest('hex').slice(0, 40)}`;
}

/** Listens on the socket: the server when this process now holds it, undefined when another process does. */
function holdSocket(name: string): Promise<net.Server | undefined> {
  return new Promise((resolve, reject) => {
    const server = net.createServer((connection) => connection.destroy());
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') resolve(undefined);
      else reject(error);
    });
    server.listen(name, () => {
      // It must not keep the process alive by itself.
      server.unref();
      resolve(server);
    });
  });
}

/**
 * The lock by pid file alone, where there is no abstract socket: `server.lock` holds the pid, and a process that
 * answers `kill -0` holds it.
 *
 * Every step is atomic, so that two servers starting at once never both hold the folder:
 * - a free folder is taken by hard-linking a finished file to `server.lock`, which fails when it exists (no one
 *   ever reads a lock that is half written);
 * - a lock left by a process that no longer runs is taken over by one starter only: the one that creates the
 *   claim `server.lock.<generation>`, named after that very lock file (inode, time, content), then renames its own
 *   finished file over it. A stale lock is never deleted, so no one can mistake a fresh lock for the stale one; the
 *   others see the claim, wait, and find the new holder alive. A claim whose maker died before renaming is claimed
 *   in turn, under a name made from it.
 */
export function lockByPidFile(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK);
  const mine = String(process.pid);
  const deadline = Date.now() + TAKEOVER_WAIT_MS;
  for (;;) {
    if (createWhole(file, mine)) break;
    const holder = readHolder(file);
    if (!holder) continue; // released meanwhile
    if (holder.pid > 0 && holder.pid !== process.pid && isAlive(holder.pid)) {
      throw new DataDirLockedError(
        `Another server (process ${holder.pid}) is already using the data folder ${dataDir}. ` +
          'Stop it first, or start this one with its own DATA_DIR (or a DATABASE_URL).',
      );
    }
    if (takeOver(file, holder.generation, mine)) break;
    if (Date.now() > deadline) {
      throw new DataDirLockedError(
        `Could not lock the data folder ${dataDir}: another start is taking over ${file}. ` +
          `If no server uses the folder, remove ${file} and the ${LOCK}.* files beside it.`,
      );
    }
    sleep(20);
  }
  removeLeftovers(dataDir);
  return releaser(file, mine);
}

/**
 * What gives the lock `file` back, once however often it is called: the file goes only while it still names this
 * process (ours as long as this process lives: only the lock of a process that has gone is taken over); `then`
 * lets go of what else held the lock.
 */
function releaser(file: string, mine: string, then: () => void = () => {}): () => void {
  let released = false;
  return () => {
    if (released) return;
    released = true;
    try {
      if (fs.readFileSync(file, 'utf8').trim() === mine) fs.unlinkSync(file);
    } catch {
      // Already gone.
    }
    then();
  };
}

/**
 * Replaces the stale lock of `generation` with this process's, if this process is the one that claims it. False
 * when another starter claimed it first (it is taking over, or has), or the lock changed meanwhile.
 */
function takeOver(file: string, generation: string, mine: string): boolean {
  let claim = `${file}.${generation}`;
  for (;;) {
    if (createWhole(claim, mine)) break;
    const claimant = readHolder(claim);
    if (!claimant) return false; // removed as a leftover: start again from the lock
    if (claimant.pid > 0 && claimant.pid !== process.pid && isAlive(claimant.pid)) return false;
    // Its maker died: claim the claim.
    claim = `${file}.${createHash('sha256').update(`${generation}:${claimant.generation}`).digest('hex').slice(0, 24)}`;
  }
  // Only claimants of this generation replace it, and the ones before this one have died: unless one of them
  // renamed before dying, the lock is still the stale one.
  if (readHolder(file)?.generation !== generation) return false;
  const temp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  fs.writeFileSync(temp, mine, { flag: 'wx' });
  fs.renameSync(temp, file);
  return true;
}
