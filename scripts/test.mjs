// `npm test`: every test, as jobs that run side by side, each printing its time when it ends. The jobs are the
// browser journeys (in shards of their own, scripts/test-e2e.mjs), the server's tests on PGlite, the database's
// suites on PostgreSQL when TEST_DATABASE_URL is set, and the web and shared tests. `--with-lint` adds lint and the
// type check (CI runs them so). A job's output goes to test-results/jobs/<job>.log and is printed when it fails.
// The exit status is the first failed job's, or 0.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { root } from './lib/build.mjs';

const withLint = process.argv.includes('--with-lint');
const vitest = (...projects) => [
  'npx',
  'vitest',
  'run',
  ...projects.flatMap((project) => ['--project', project]),
];

/** Longest first: the journeys wait on their browsers more than they work, so they overlap best with the rest. */
const jobs = [
  { name: 'journeys', command: ['node', 'scripts/test-e2e.mjs'] },
  { name: 'server-pglite', command: vitest('server:pglite') },
  process.env.TEST_DATABASE_URL && { name: 'server-postgres', command: vitest('server:postgres') },
  { name: 'web-shared', command: vitest('web', 'shared', 'scripts') },
  withLint && { name: 'lint-types', command: ['sh', '-c', 'npm run lint && npm run typecheck'] },
].filter(Boolean);

const logDir = path.join(root, 'test-results', 'jobs');
fs.mkdirSync(logDir, { recursive: true });
const started = Date.now();
const seconds = (since) => `${Math.round((Date.now() - since) / 1000)} s`;

function run(job) {
  const logFile = path.join(logDir, `${job.name}.log`);
  const log = fs.createWriteStream(logFile);
  const since = Date.now();
  process.stdout.write(`▶ ${job.name}: ${job.command.join(' ')}\n`);
  const child = spawn(job.command[0], job.command.slice(1), {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FORCE_COLOR: '0' },
  });
  child.stdout.pipe(log, { end: false });
  child.stderr.pipe(log, { end: false });
  return new Promise((resolve) => {
    child.on('close', (code) => {
      log.end(() => {
        const status = code ?? 1;
        const time = seconds(since);
        process.stdout.write(`${status === 0 ? '✓' : '✗'} ${job.name} in ${time}\n`);
        if (status !== 0) {
          const text = fs.readFileSync(logFile, 'utf8');
          const lines = text.split('\n');
          const shown = process.env.CI ? lines : lines.slice(-200);
          process.stdout.write(
            `── ${job.name} (${logFile}) ──\n${shown.join('\n')}\n── end of ${job.name} ──\n`,
          );
        }
        resolve({ name: job.name, status, time });
      });
    });
  });
}

const running = new Set(jobs.map((job) => job.name));
const heartbeat = setInterval(() => {
  process.stdout.write(`… ${seconds(started)}: running ${[...running].join(', ')}\n`);
}, 60_000);
const results = await Promise.all(
  jobs.map((job) =>
    run(job).then((result) => {
      running.delete(job.name);
      return result;
    }),
  ),
);
clearInterval(heartbeat);

process.stdout.write(`\nJobs (${seconds(started)} in all):\n`);
for (const result of results) {
  process.stdout.write(`  ${result.status === 0 ? '✓' : '✗'} ${result.name.padEnd(16)} ${result.time}\n`);
}
process.exit(results.find((result) => result.status !== 0)?.status ?? 0);
