// `npm run bench [api|scale|web|all]`: each part prints its figures. The scale part uses PostgreSQL when
// BENCH_DATABASE_URL or TEST_DATABASE_URL is set (start one with `bash scripts/pg-cluster.sh`), else PGlite.
import { spawnSync } from 'node:child_process';
import { root } from '../scripts/lib/build.mjs';

const part = process.argv[2] ?? 'all';
const parts = {
  web: ['node', ['bench/web.mjs']],
  api: ['node', ['bench/api.mjs', ...process.argv.slice(3)]],
  scale: ['npx', ['tsx', 'bench/scale.ts']],
};
const chosen = part === 'all' ? Object.keys(parts) : [part];
for (const name of chosen) {
  const entry = parts[name];
  if (!entry) {
    console.error(`Unknown part "${name}". Parts: ${Object.keys(parts).join(', ')}, all`);
    process.exit(2);
  }
  console.log(`\n== bench ${name}`);
  const result = spawnSync(entry[0], entry[1], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
