// `npm run test:e2e`: Chromium, a fresh build, then the Playwright journeys, in shards that run side by side, each
// with a server of its own on a throwaway data folder and port: `E2E_SHARDS`, by default one for every two cores (a
// shard keeps about a core busy, Chromium's renderer most of it). Arguments (a spec, `-g pattern`) run what they
// name in one shard.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os, { availableParallelism } from 'node:os';
import path from 'node:path';
import { ensureBuilt, root } from './lib/build.mjs';
import { ensureChromium } from './ensure-chromium.mjs';
import { freePort } from './lib/free-port.mjs';
import { planShards } from './lib/e2e-shards.mjs';

const chromium = ensureChromium();
ensureBuilt();

const args = process.argv.slice(2);
const shardCount =
  args.length > 0 ? 1 : Number(process.env.E2E_SHARDS ?? Math.max(1, Math.floor(availableParallelism() / 2)));
const shards = shardCount > 1 ? planShards(path.join(root, 'e2e'), shardCount) : [args];

/** One Playwright run over `files`, its lines prefixed with the shard's number when there are several. */
async function runShard(files, index) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scholar-e2e-'));
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
process.exit(statuses.find((status) => status !== 0) ?? 0);
