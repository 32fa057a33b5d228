// Builds the web app and the server when their output is missing or older than their sources.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const at = (...parts) => path.join(root, ...parts);

function newest(entry) {
  let stat;
  try {
    stat = fs.statSync(entry);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = stat.mtimeMs;
  for (const name of fs.readdirSync(entry)) {
    if (name === 'node_modules' || name === 'dist') continue;
    max = Math.max(max, newest(path.join(entry, name)));
  }
  return max;
}

function stale(output, inputs) {
  if (!fs.existsSync(output)) return true;
  const built = fs.statSync(output).mtimeMs;
  return inputs.some((input) => newest(at(input)) > built);
}

function build(workspace) {
  const started = Date.now();
  process.stdout.write(`Building ${workspace}...\n`);
  const result = spawnSync('npm', ['run', 'build', '--silent', '-w', workspace], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  process.stdout.write(`Built ${workspace} in ${((Date.now() - started) / 1000).toFixed(1)}s\n`);
}

const shared = ['packages/shared/src', 'packages/shared/package.json'];

export const serverEntry = at('apps/server/dist/main.js');
/**
 * The node flag every server process runs with (`npm start`, the deployment's unit, the benchmarks): V8's old
 * generation capped at 384 MB. Without a cap V8 sizes it from the machine's memory and lets garbage pile up to it
 * under load (a heap of 315 MB reserved for 120–180 MB in use); with it, it collects sooner. The server's live
 * heap under load is 80–180 MB (docs/performance.md, "Memory").
 */
export const SERVER_HEAP_FLAG = '--max-old-space-size=384';
const serverInputs = [...shared, 'apps/server/src', 'apps/server/build.mjs', 'apps/server/drizzle'];
const serverBuildLock = at('apps/server/dist/.build.lock');

/**
 * Builds the server when its bundle is missing or older than its sources, holding a lock of this checkout's server
 * build: the journeys and the server's tests on PGlite and on PostgreSQL may all ask at the same moment, and a
 * second build writing dist/main.js while a process loads it would hand that process half a file. The staleness is
 * checked under the lock too, by a child process that `flock` (util-linux) runs; the system drops the lock when that
 * child ends, even when it is killed. Without `flock` it builds unlocked, as one caller at a time may.
 */
export function ensureServerBuilt() {
  fs.mkdirSync(path.dirname(serverBuildLock), { recursive: true });
  const locked = spawnSync(
    'flock',
    [serverBuildLock, process.execPath, fileURLToPath(import.meta.url), '--server-under-lock'],
    { cwd: root, stdio: 'inherit' },
  );
  if (locked.error?.code === 'ENOENT') return buildServerIfStale();
  if (locked.status !== 0) throw new Error(`the server build failed (exit status ${locked.status})`);
}

function buildServerIfStale() {
  if (stale(serverEntry, serverInputs)) build('@scholar/server');
}

export function ensureBuilt() {
  const webInputs = [
    ...shared,
    'apps/web/src',
    'apps/web/public',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'apps/web/package.json',
  ];
  const webBuilt = ['apps/web/dist/index.html', 'apps/web/dist-ssr/entry-server.js'];
  if (webBuilt.some((output) => stale(at(output), webInputs))) build('@scholar/web');
  try {
    ensureServerBuilt();
  } catch (error) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}

if (process.argv[2] === '--server-under-lock' && process.argv[1] === fileURLToPath(import.meta.url)) {
  buildServerIfStale();
}
