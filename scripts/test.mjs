// `npm test`: every test, as jobs that run side by side, each printing its time when it ends. The jobs are the
// browser journeys (in shards with a server each, scripts/test-e2e.mjs), the server's tests on PGlite, the
// database's suites on PostgreSQL when TEST_DATABASE_URL is set, and the web, shared and scripts tests. `--with-lint`
// adds lint and the type check (CI runs them so). A job's output goes to test-results/jobs/<job>.log and is printed
// when it fails. The exit status is the first failed job's, or 0.
//
// The jobs run in lanes, one lane per two cores and at least two, each lane one job after another, all lanes at
// once: the whole run is as long as its longest lane. The lanes take the jobs from one queue, each the next as soon
// as it is free: the journeys first, then lint, then the others the costliest first (their CPU seconds, as
// measured), the type check last, so that the lanes end together. The journeys alone keep about one core busy
// (Chromium waits on the server, the server on the database, both on timers), so the other jobs run at a
// lower priority (nice): they take what the journeys leave, and the journeys keep their pace. On two cores that is
// the journeys beside lint then the server on PGlite; the web's tests, the server on PostgreSQL and the type check
// go to whichever lane frees first (docs/decisions/062).
//
// At the end a table gives each job's wall and CPU seconds and its tests, and its slowest files; the same figures,
// every file's, go to test-results/jobs/summary.json.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { root } from './lib/build.mjs';
import { fileTimes, testsRun, watchTreeCpu } from './lib/job-report.mjs';

const withLint = process.argv.includes('--with-lint');
/** `--only=web-shared,lint`: just those jobs. */
const only = process.argv
  .find((arg) => arg.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const cores = availableParallelism();
const lanes = Math.max(2, Math.floor(cores / 2));
const vitest = (workers, ...projects) => [
  'npx',
  'vitest',
  'run',
  `--maxWorkers=${workers}`,
  ...projects.flatMap((project) => ['--project', project]),
];
/** Journeys' shards: one per lane beyond two, each a Chromium and a server. */
const shards = Math.max(1, Math.min(4, lanes - 1));
/** Workers of a unit project: two on two cores (each waits on databases, servers and timers half the time). */
const unitWorkers = Math.max(2, Math.floor(cores / lanes));

/**
 * Every job with its cost: the CPU seconds a clean-clone CI run measured on two cores (the journeys' over the whole
 * process tree, Chromium's helpers included). Only the order they give matters.
 */
const jobs = [
  {
    name: 'journeys',
    cost: 300,
    command: ['node', 'scripts/test-e2e.mjs'],
    env: { E2E_SHARDS: String(shards) },
  },
  withLint && {
    name: 'lint',
    cost: 105,
    command: ['npm', 'run', 'lint'],
  },
  withLint && {
    name: 'types',
    cost: 50,
    command: ['npm', 'run', 'typecheck'],
  },
  {
    name: 'server-pglite',
    cost: 255,
    command: vitest(unitWorkers, 'server:pglite', 'server:pglite:isolated'),
  },
  process.env.TEST_DATABASE_URL && {
    name: 'server-postgres',
    cost: 85,
    command: vitest(unitWorkers, 'server:postgres', 'server:postgres:isolated'),
  },
  {
    name: 'web-shared',
    cost: 115,
    command: vitest(unitWorkers, 'web', 'web:isolated', 'shared', 'scripts', 'pages'),
  },
].filter((job) => job && (!only || only.includes(job.name)));

/**
 * The order the lanes take the jobs in: the journeys open the first lane and lint the second (a slip of style is
 * found sooner than by a test), then the others the costliest first. Each lane takes the next job as soon as it is
 * free, so that a lane that ends early is not left idle while another has two jobs still to run: the type check,
 * the cheapest, fills the end of whichever lane frees first.
 */
function queueOf(all) {
  const rank = (job) => (job.name === 'journeys' ? 0 : job.name === 'lint' ? 1 : 2);
  return [...all].sort((a, b) => rank(a) - rank(b) || b.cost - a.cost);
}

const logDir = path.join(root, 'test-results', 'jobs');
fs.mkdirSync(logDir, { recursive: true });
const started = Date.now();
const seconds = (since) => `${Math.round((Date.now() - since) / 1000)} s`;

function run(job) {
  const logFile = path.join(logDir, `${job.name}.log`);
  const log = fs.createWriteStream(logFile);
  const since = Date.now();
  process.stdout.write(`▶ ${job.name}: ${job.command.join(' ')}\n`);
  // Every job but the journeys runs at a lower priority: the journeys' pages have a wall clock to keep, the others
  // only a share of the cores to use.
  const command = job.name === 'journeys' ? job.command : ['nice', '-n', '10', ...job.command];
  const child = spawn(command[0], command.slice(1), {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FORCE_COLOR: '0', ...job.env },
  });
  child.stdout.pipe(log, { end: false });
  child.stderr.pipe(log, { end: false });
  const cpuWatch = watchTreeCpu(child.pid);
  return new Promise((resolve) => {
    child.on('close', (code) => {
      const cpu = cpuWatch.stop();
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
const queue = queueOf(jobs);
const laneCount = Math.min(lanes, queue.length);
process.stdout.write(`${laneCount} lanes take in turn: ${queue.map((job) => job.name).join(', ')}\n`);
const results = [];
/** The jobs each lane ran, in order. */
const plan = Array.from({ length: laneCount }, () => []);
await Promise.all(
  plan.map(async (lane) => {
    for (let job = queue.shift(); job; job = queue.shift()) {
      lane.push(job);
      running.add(job);
      results.push(await run(job));
      running.delete(job);
    }
  }),
);
process.stdout.write(
  `${plan.map((lane, index) => `lane ${index + 1}: ${lane.map((job) => job.name).join(' → ')}`).join('\n')}\n`,
);
clearInterval(heartbeat);

const figure = (value, digits = 0) => (value === undefined ? '–' : value.toFixed(digits));
const SLOWEST = 5;
process.stdout.write(`\nJobs (${seconds(started)} in all, ${cores} cores, ${plan.length} lanes):\n`);
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
  `${JSON.stringify({ seconds: (Date.now() - started) / 1000, cores, lanes: plan.map((lane) => lane.map((job) => job.name)), jobs: results }, null, 2)}\n`,
);
process.exit(results.find((result) => result.status !== 0)?.status ?? 0);
