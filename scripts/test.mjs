// `npm test`: every test, as jobs that run side by side, each printing its time when it ends. The jobs are the
// browser journeys (in shards with a server each, scripts/test-e2e.mjs), the server's tests on PGlite, the
// database's suites on PostgreSQL when TEST_DATABASE_URL is set, and the web, shared and scripts tests. `--with-lint`
// adds lint and the type check (CI runs them so). A job's output goes to test-results/jobs/<job>.log and is printed
// when it fails. The exit status is the first failed job's, or 0.
//
// Two cores cannot run everything at once without the journeys' pages timing out, so each job has a weight (the
// processes it keeps busy) and jobs start, in the order listed, as long as the weights running stay within the
// capacity: TEST_CAPACITY, by default one more than the cores from four cores up, and one job at a time below (a
// journeys' shard keeps one and a half cores busy, Chromium most of it: on two cores, jobs side by side took longer
// than one after another, decision 046). A job alone always starts, whatever its weight.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { root } from './lib/build.mjs';

const withLint = process.argv.includes('--with-lint');
const cores = availableParallelism();
const capacity = Number(process.env.TEST_CAPACITY ?? (cores >= 4 ? cores + 1 : 1));
const vitest = (workers, ...projects) => [
  'npx',
  'vitest',
  'run',
  `--maxWorkers=${workers}`,
  ...projects.flatMap((project) => ['--project', project]),
];
const shards = Math.max(1, Math.min(4, Math.floor(capacity / 3)));

/** The longest first. */
const jobs = [
  {
    name: 'journeys',
    weight: shards,
    command: ['node', 'scripts/test-e2e.mjs'],
    env: { E2E_SHARDS: String(shards) },
  },
  { name: 'server-pglite', weight: 2, nice: true, command: vitest(2, 'server:pglite') },
  process.env.TEST_DATABASE_URL && {
    name: 'server-postgres',
    weight: 1,
    nice: true,
    command: vitest(capacity > 1 ? 1 : 2, 'server:postgres'),
  },
  {
    name: 'web-shared',
    weight: 1,
    nice: true,
    command: vitest(capacity > 1 ? 1 : 2, 'web', 'shared', 'scripts'),
  },
  withLint && {
    name: 'lint-types',
    weight: 1,
    nice: true,
    command: ['sh', '-c', 'npm run lint && npm run typecheck'],
  },
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
  // The unit jobs run at a lower priority: the journeys' pages have a wall clock to keep, the unit tests only a
  // share of the cores to use.
  const command = job.nice ? ['nice', '-n', '10', ...job.command] : job.command;
  const child = spawn(command[0], command.slice(1), {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FORCE_COLOR: '0', ...job.env },
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

const running = new Set();
const heartbeat = setInterval(() => {
  process.stdout.write(`… ${seconds(started)}: running ${[...running].map((job) => job.name).join(', ')}\n`);
}, 60_000);
const waiting = [...jobs];
const results = [];
await new Promise((allDone) => {
  const startWhatFits = () => {
    for (const job of [...waiting]) {
      const used = [...running].reduce((sum, other) => sum + other.weight, 0);
      if (running.size > 0 && used + job.weight > capacity) continue;
      waiting.splice(waiting.indexOf(job), 1);
      running.add(job);
      void run(job).then((result) => {
        running.delete(job);
        results.push(result);
        if (waiting.length === 0 && running.size === 0) allDone();
        else startWhatFits();
      });
    }
  };
  startWhatFits();
});
clearInterval(heartbeat);

process.stdout.write(`\nJobs (${seconds(started)} in all):\n`);
for (const result of results) {
  process.stdout.write(`  ${result.status === 0 ? '✓' : '✗'} ${result.name.padEnd(16)} ${result.time}\n`);
}
process.exit(results.find((result) => result.status !== 0)?.status ?? 0);
