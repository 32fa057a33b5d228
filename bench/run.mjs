// `npm run bench [web|lighthouse|api|scale|counters|all] [options]`: each part prints its figures. The web part weighs the
// bundles, then runs Lighthouse on the built site (the lighthouse part alone: `npm run bench lighthouse`, options
// at the head of bench/lighthouse.mjs). The scale part uses PostgreSQL: BENCH_DATABASE_URL or TEST_DATABASE_URL,
// else a private throwaway cluster when PostgreSQL's binaries are installed; else PGlite. Options after the part
// go to the command that takes them (api: seconds and connections; web and lighthouse: Lighthouse's).
import { spawnSync } from 'node:child_process';
import { root } from '../scripts/lib/build.mjs';

const part = process.argv[2] ?? 'all';
const options = process.argv.slice(3);
const commands = {
  weights: () => ['node', ['bench/web.mjs']],
  lighthouse: () => ['node', ['bench/lighthouse.mjs', ...options]],
  api: () => ['node', ['bench/api.mjs', ...options]],
  scale: () => ['npx', ['tsx', 'bench/scale.ts']],
  counters: () => ['npx', ['tsx', 'bench/counters.ts', ...options]],
};
const parts = {
  web: ['weights', 'lighthouse'],
  lighthouse: ['lighthouse'],
  api: ['api'],
  scale: ['scale'],
  counters: ['counters'],
};
if (part !== 'all' && !parts[part]) {
  console.error(`Unknown part "${part}". Parts: ${Object.keys(parts).join(', ')}, all`);
  process.exit(2);
}
// `all` runs every command once (Lighthouse comes with the web part).
const chosen = part === 'all' ? [...new Set(Object.values(parts).flat())] : parts[part];
for (const name of chosen) {
  const [command, args] = commands[name]();
  console.log(`\n== bench ${name}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
