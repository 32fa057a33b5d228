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
  if (stale(serverEntry, [...shared, 'apps/server/src', 'apps/server/build.mjs', 'apps/server/drizzle'])) {
    build('@scholar/server');
  }
}
