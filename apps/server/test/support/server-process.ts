import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import { ensureServerBuilt, serverEntry } from '../../../../scripts/lib/build.mjs';
import { once } from '../../src/lib/once';

const serverDir = path.resolve(import.meta.dirname, '..', '..');

/**
 * The server's bundle, built first when it is missing or older than its sources (under a lock that the journeys,
 * which run it too, share): a start of the bundle loads in a fraction of a second what tsx would transpile anew
 * each time, seconds of CPU.
 */
const builtEntry = once(() => {
  ensureServerBuilt();
  return serverEntry;
});

/**
 * Puts the run's migrated embedded database (the PGlite project's template, test/support/global-setup.ts) in
 * `dataDir`, where a server started on that folder opens it as its own. Creating a new one there and migrating it
 * costs each start some five seconds of CPU and, with a sync of each of its thousand files, tens of seconds on a
 * busy machine; unpacking the template, a fraction of one. In the PGlite project only.
 */
export function withMigratedDatabase(dataDir: string): void {
  const template = inject('pgliteTemplate');
  if (!template) throw new Error('no migrated embedded database to copy: only the PGlite project makes one');
  const folder = path.join(dataDir, 'pglite');
  fs.mkdirSync(folder, { recursive: true });
  // The template's paths start with `/`, which tar drops (and says so on stderr, kept for a failure's message).
  execFileSync('tar', ['-xf', template, '-C', folder], { stdio: ['ignore', 'ignore', 'pipe'] });
}

export interface ServerProcess {
  child: ChildProcess;
  exited: Promise<number | null>;
  /** Everything it printed so far. */
  output(): string;
  /**
   * Resolves once what it printed after `from` (a length of `output()` taken earlier) satisfies `matches`; fails
   * when the process exits first or after `timeoutMs`.
   */
  printed(matches: (text: string) => boolean, from?: number, timeoutMs?: number): Promise<void>;
}

/** The real entry point as a child process, as `npm start` runs it: the bundle of src/main.ts (dist/main.js). */
export function startServer(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, [builtEntry()], {
    cwd: serverDir,
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const listeners = new Set<() => void>();
  const append = (chunk: Buffer) => {
    output += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const printed = (matches: (text: string) => boolean, from = 0, timeoutMs = 10_000) =>
    new Promise<void>((resolve, reject) => {
      const done = (error?: Error) => {
        listeners.delete(check);
        clearTimeout(timer);
        if (error) reject(error);
        else resolve();
      };
      const check = () => {
        if (matches(output.slice(from))) done();
      };
      const timer = setTimeout(
        () => done(new Error(`not printed in ${timeoutMs} ms: ${output.slice(from)}`)),
        timeoutMs,
      );
      void exited.then(() => done(new Error(`exited before printing it: ${output.slice(from)}`)));
      listeners.add(check);
      check();
    });
  return { child, exited, output: () => output, printed };
}

/**
 * Waits for `/api/health`. A first start on an empty embedded database creates the cluster and syncs its files,
 * which takes tens of seconds on a busy two-core machine; hence the generous default.
 */
export async function waitHealthy(port: number, server: ServerProcess, timeoutMs = 80_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`server exited: ${server.output()}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not become healthy: ${server.output()}`);
}
