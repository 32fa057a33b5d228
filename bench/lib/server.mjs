// Starts the built server as `npm start` would, on a throwaway data folder and port, for benchmarks.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureBuilt, root, SERVER_HEAP_FLAG, serverEntry } from '../../scripts/lib/build.mjs';
import { freePort } from '../../scripts/lib/free-port.mjs';

/** The resident memory of a process in MB (from /proc), or undefined once it is gone. */
export function rssMb(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
  } catch {
    return undefined;
  }
}

/** Calls the JSON API of the server at `base`; throws with the answer when it is not a success. */
export async function apiJson(base, method, url, body, headers = {}) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

async function waitHealthy(url, child, timeoutMs = 60_000) {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return performance.now() - started;
    } catch {
      // not yet listening
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('server did not become healthy');
}

/** Starts the server; `dataDir` may be reused to measure a restart. */
export async function startServer({ dataDir, env = {} } = {}) {
  ensureBuilt();
  const dir = dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'scholar-bench-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const spawned = performance.now();
  const child = spawn(process.execPath, [SERVER_HEAP_FLAG, serverEntry], {
    cwd: root,
    env: {
      ...process.env,
      // Production's code paths (JSON logs, no pretty printer) with the Razorpay sandbox, which production refuses.
      NODE_ENV: 'test',
      RAZORPAY_SANDBOX: 'true',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      DATA_DIR: dir,
      PUBLIC_URL: url,
      ADMIN_EMAIL: 'bench-admin@example.com',
      ADMIN_PASSWORD: 'bench-admin-password',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // A server is not left running when its benchmark fails half-way, nor when it never becomes healthy.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  try {
    await waitHealthy(url, child);
  } catch (error) {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    }
    if (!dataDir) fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const readyMs = performance.now() - spawned;
  return {
    url,
    dataDir: dir,
    readyMs,
    pid: child.pid,
    alive: () => child.exitCode === null && child.signalCode === null,
    async stop({ keepData = false } = {}) {
      process.off('exit', killOnExit);
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      if (!keepData && !dataDir) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
