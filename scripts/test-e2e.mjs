// `npm run test:e2e`: Chromium, a fresh build, a throwaway data folder and port, then the Playwright journeys.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureBuilt, root } from './lib/build.mjs';
import { ensureChromium } from './ensure-chromium.mjs';
import { freePort } from './lib/free-port.mjs';

const chromium = ensureChromium();
ensureBuilt();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scholar-e2e-'));
const port = await freePort();
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    CHROMIUM_PATH: chromium,
    E2E_DATA_DIR: dataDir,
    E2E_PORT: String(port),
    E2E_OUTPUT_DIR: process.env.E2E_OUTPUT_DIR ?? path.join(root, 'test-results', `run-${port}`),
  },
});
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(result.status ?? 1);
