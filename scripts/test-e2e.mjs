// `npm run test:e2e`: Chromium, a fresh build, then the Playwright journeys, in shards that run side by side, each
// with a server of its own on a throwaway data folder and port: `E2E_SHARDS`, by default one for every two cores (a
// shard keeps about a core busy, Chromium's renderer most of it). Arguments (a spec, `-g pattern`) run what they
// name in one shard. The data folder is seeded once (migrations, the admin, the demo content and its covers: ~30 s
// on two busy cores) and each shard's server starts on a copy of it (a few seconds).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os, { availableParallelism } from 'node:os';
import path from 'node:path';
import { ensureBuilt, root, serverEntry } from './lib/build.mjs';
import { ensureChromium } from './ensure-chromium.mjs';
import { freePort } from './lib/free-port.mjs';
import { planShards } from './lib/e2e-shards.mjs';
import { prepareSeededDataDir } from './lib/e2e-server.mjs';

const chromium = ensureChromium({ headlessShell: true });
ensureBuilt();

const args = process.argv.slice(2);
const shardCount = Number(process.env.E2E_SHARDS ?? Math.max(1, Math.floor(availableParallelism() / 2)));
// The whole suite is planned even in one shard, so that a spec missing from e2e/durations.json is always named.
const shards = args.length > 0 ? [args] : planShards(path.join(root, 'e2e'), shardCount);

/**
 * The web build the run's servers serve (WEB_DIST_DIR), copied: a build made meanwhile (another run's, an editor's)
 * cannot swap the pages' code under a journey. Inside the repository, so that the server build's imports resolve.
 */
function snapshotWebBuild() {
  const dir = fs.mkdtempSync(path.join(root, 'test-results', 'web-build-'));
  for (const name of ['dist', 'dist-ssr']) {
    fs.cpSync(path.join(root, 'apps', 'web', name), path.join(dir, name), { recursive: true });
  }
  return dir;
}

fs.mkdirSync(path.join(root, 'test-results'), { recursive: true });
const webBuild = snapshotWebBuild();
process.env.WEB_DIST_DIR = path.join(webBuild, 'dist');
const seeded = await prepareSeededDataDir(serverEntry);
process.stdout.write(`Seeded the journeys' data folder in ${seeded.seconds.toFixed(1)}s\n`);

/** One Playwright run over `files`, its lines prefixed with the shard's number when there are several. */
async function runShard(files, index) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scholar-e2e-'));
  fs.cpSync(seeded.dataDir, dataDir, { recursive: true });
  const port = await freePort();
  const label = shards.length > 1 ? `[e2e ${index + 1}/${shards.length}] ` : '';
  const child = spawn('npx', ['playwright', 'test', ...files], {
    cwd: root,
    stdio: label ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: {
      ...process.env,
      CHROMIUM_PATH: chromium,
      E2E_DATA_DIR: dataDir,
      E2E_PORT: String(port),
      E2E_OUTPUT_DIR: process.env.E2E_OUTPUT_DIR
        ? path.join(process.env.E2E_OUTPUT_DIR, `shard-${index + 1}`)
        : path.join(root, 'test-results', `run-${port}`),
    },
  });
  if (label) {
    for (const stream of [child.stdout, child.stderr]) {
      let rest = '';
      stream.on('data', (chunk) => {
        const lines = (rest + chunk.toString()).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) process.stdout.write(`${label}${line}\n`);
      });
      stream.on('end', () => rest && process.stdout.write(`${label}${rest}\n`));
    }
  }
  const status = await new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
  fs.rmSync(dataDir, { recursive: true, force: true });
  return status;
}

if (shards.length > 1) {
  shards.forEach((files, index) =>
    process.stdout.write(`[e2e ${index + 1}/${shards.length}] ${files.join(' ')}\n`),
  );
}
const statuses = await Promise.all(shards.map(runShard));
fs.rmSync(seeded.dataDir, { recursive: true, force: true });
fs.rmSync(webBuild, { recursive: true, force: true });
process.exit(statuses.find((status) => status !== 0) ?? 0);
