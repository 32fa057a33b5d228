// `npm test`: every test, as jobs that run side by side, each printing its time when it ends. The jobs are the
// browser journeys (in shards with a server each, scripts/test-e2e.mjs), the server's tests on PGlite, the
// database's suites on PostgreSQL when TEST_DATABASE_URL is set, and the web, shared and scripts tests. `--with-lint`
// adds lint and the type check (CI runs them so). A job's output goes to test-results/jobs/<job>.log and is printed
// when it fails. The exit status is the first failed job's, or 0.
//
// Each job has a weight: the cores it keeps busy, as measured (its CPU seconds over its wall seconds, printed at the
// end of every run). Jobs start, in the order listed, as long as the weights running stay within the capacity:
// TEST_CAPACITY, by default the cores and a half below four cores, one more than the cores from four up. On two
// cores that runs the journeys (a core and a half, Chromium most of it) beside lint and types (one core), then the
// unit projects one at a time, each with two workers (docs/decisions/062). A job alone always starts.
//
// At the end a table gives each job's wall and CPU seconds and its tests, and its slowest files; the same figures,
// every file's, go to test-results/jobs/summary.json.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { root } from './lib/build.mjs';
import { childCpuSeconds, fileTimes, testsRun } from './lib/job-report.mjs';

const withLint = process.argv.includes('--with-lint');
/** `--only=web-shared,lint-types`: just those jobs. */
const only = process.argv
  .find((arg) => arg.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const cores = availableParallelism();
const capacity = Number(process.env.TEST_CAPACITY ?? (cores >= 4 ? cores + 1 : cores + 0.5));
const vitest = (workers, ...projects) => [
  'npx',
  'vitest',
  'run',
  `--maxWorkers=${workers}`,
  ...projects.flatMap((project) => ['--project', project]),
];
const shards = Math.max(1, Math.min(4, Math.floor(capacity / 3)));
/** Workers of a unit project. */
const unitWorkers = cores >= 4 ? Math.max(1, Math.floor(cores / 2)) : 2;
/**
 * A unit project's weight. Its two workers keep about one core busy (a CI run measured 1.05 cores in each of
 * server-pglite, server-postgres and web-shared: its files wait on databases, servers, processes and timers), but
 * two side by side on two cores failed the suites that time latencies and races under load (docs/decisions/062), so
 * each counts as its workers and they run one at a time below four cores.
 */
const unitWeight = unitWorkers;

/** The journeys and what fits beside them first, then the unit projects, the longest first. */
const jobs = [
  {
    name: 'journeys',
    weight: 1.5 * shards,
    command: ['node', 'scripts/test-e2e.mjs'],
    env: { E2E_SHARDS: String(shards) },
  },
  withLint && {
    name: 'lint-types',
    weight: 1,
    nice: true,
    command: ['sh', '-c', 'npm run lint && npm run typecheck'],
  },
  {
    name: 'server-pglite',
    weight: unitWeight,
    nice: true,
    command: vitest(unitWorkers, 'server:pglite', 'server:pglite:isolated'),
  },
  process.env.TEST_DATABASE_URL && {
    name: 'server-postgres',
    weight: unitWeight,
    nice: true,
    command: vitest(unitWorkers, 'server:postgres', 'server:postgres:isolated'),
  },
  {
    name: 'web-shared',
    weight: unitWeight,
    nice: true,
    command: vitest(unitWorkers, 'web', 'web:isolated', 'shared', 'scripts', 'pages'),
  },
].filter((job) => job && (!only || only.includes(job.name)));

const logDir = path.join(root, 'test-results', 'jobs');
fs.mkdirSync(logDir, { recursive: true });
const started = Date.now();
const seconds = (since) => `${Math.round((Date.now() - since) / 1000)} s`;
/** The children's CPU seconds at the last child's exit: what a job that exits now cost is the difference. */
let cpuSoFar = childCpuSeconds();

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
  let cpu;
  child.on('exit', () => {
    const now = childCpuSeconds();
    if (now !== undefined && cpuSoFar !== undefined) cpu = now - cpuSoFar;
    cpuSoFar = now;
  });
  return new Promise((resolve) => {
    child.on('close', (code) => {
      log.end(() => {
        const status = code ?? 1;
        const wall = (Date.now() - since) / 1000;
        process.stdout.write(`${status === 0 ? '✓' : '✗'} ${job.name} in ${seconds(since)}\n`);
        const text = fs.readFileSync(logFile, 'utf8');
        if (status !== 0) {
          const lines = text.split('\n');
          const shown = process.env.CI ? lines : lines.slice(-200);
          process.stdout.write(
            `── ${job.name} (${logFile}) ──\n${shown.join('\n')}\n── end of ${job.name} ──\n`,
          );
        }
        resolve({ name: job.name, status, wall, cpu, tests: testsRun(text), files: fileTimes(text) });
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

const figure = (value, digits = 0) => (value === undefined ? '–' : value.toFixed(digits));
const SLOWEST = 5;
process.stdout.write(`\nJobs (${seconds(started)} in all, ${cores} cores, capacity ${capacity}):\n`);
process.stdout.write(
  `    ${'job'.padEnd(16)} ${'wall s'.padStart(7)} ${'CPU s'.padStart(7)} ${'cores'.padStart(6)} ${'tests'.padStart(6)}\n`,
);
for (const result of results) {
  const cores = result.cpu === undefined ? undefined : result.cpu / result.wall;
  process.stdout.write(
    `  ${result.status === 0 ? '✓' : '✗'} ${result.name.padEnd(16)} ${figure(result.wall).padStart(7)} ` +
      `${figure(result.cpu).padStart(7)} ${figure(cores, 2).padStart(6)} ${String(result.tests).padStart(6)}\n`,
  );
  for (const file of result.files.slice(0, SLOWEST)) {
    process.stdout.write(
      `      ${figure(file.seconds, 1).padStart(6)} s ${String(file.tests).padStart(4)} tests  ${file.name}\n`,
    );
  }
}
fs.writeFileSync(
  path.join(logDir, 'summary.json'),
  `${JSON.stringify({ seconds: (Date.now() - started) / 1000, cores, capacity, jobs: results }, null, 2)}\n`,
);
process.exit(results.find((result) => result.status !== 0)?.status ?? 0);
