// Public reads under load against a bare node:http server answering the same bytes from memory (the ceiling), and
// the embedded database's cold start. The app and the ceiling each run in a process of their own, apart from the
// load generator; for each endpoint they take turns (app, ceiling, app, ceiling…) so that whatever else the
// machine does weighs on both alike. Prints figures and the ratio app / ceiling; it is not a test.
// Usage: node bench/api.mjs [seconds per run, default 5] [connections, default 50] [rounds, default 3]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { startServer } from './lib/server.mjs';

const seconds = Number(process.argv[2] ?? 5);
const connections = Number(process.argv[3] ?? 50);
const rounds = Number(process.argv[4] ?? 3);
/** The share of the ceiling every cached public read must reach. */
const BUDGET = 0.7;

/** The CPU time a process has used, in ms (Linux: /proc, in clock ticks of 10 ms). */
const cpuMs = (pid) => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

/**
 * One autocannon run against the server of process `pid`. Besides req/s, the server's CPU time per answer: on a
 * machine busy with other work the req/s of the two servers move with whatever else runs, their CPU per answer
 * much less.
 */
const run = (url, pid) =>
  new Promise((resolve, reject) => {
    const before = cpuMs(pid);
    autocannon({ url, connections, duration: seconds, pipelining: 1 }, (error, result) => {
      if (error) return reject(error);
      resolve({ ...result, cpuUs: ((cpuMs(pid) - before) * 1000) / Math.max(1, result.requests.total) });
    });
  });

/** Starts bench/lib/ceiling.mjs with the recorded answers; resolves to its URL and a stop function. */
async function startCeiling(answers) {
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'lib', 'ceiling.mjs');
  const child = spawn(process.execPath, [script], { stdio: ['pipe', 'pipe', 'inherit'] });
  child.stdin.end(JSON.stringify(answers));
  const port = await new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the ceiling exited with ${code}`)));
    child.stdout.once('data', (data) => resolve(Number(String(data).trim())));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    stop: () =>
      new Promise((resolve) => {
        child.removeAllListeners('exit');
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

// Cold start: first start (empty folder: initdb, migrations, demo content), then a restart on the same folder.
const first = await startServer();
await first.stop({ keepData: true });
const restart = await startServer({ dataDir: first.dataDir });
console.log(
  `Embedded database: first start to healthy ${(first.readyMs / 1000).toFixed(2)} s, restart ${(restart.readyMs / 1000).toFixed(2)} s (budget 3 s)`,
);

const books = await (await fetch(`${restart.url}/api/books`)).json();
const endpoints = [
  '/api/books',
  `/api/books/${books.data[0]._id}`,
  '/api/fatwahs/public?page=1',
  '/api/fatwahs/public?search=prayer',
  '/api/articles/published?page=1&limit=12',
];

// The ceiling answers what the app answers (the body and its content type), recorded once; that request also
// fills the app's cache, so every run below measures cache hits.
const answers = {};
for (const endpoint of endpoints) {
  const res = await fetch(`${restart.url}${endpoint}`);
  if (!res.ok) throw new Error(`${endpoint}: ${res.status}`);
  answers[endpoint] = {
    type: res.headers.get('content-type'),
    body: Buffer.from(await res.arrayBuffer()).toString('base64'),
  };
}
const ceiling = await startCeiling(answers);

console.log(
  `${connections} connections, ${seconds} s per run, ${rounds} rounds of app then ceiling per endpoint, loopback; ` +
    `load average at start ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')}`,
);
const rows = [];
let failed = false;
for (const endpoint of endpoints) {
  const app = [];
  const bare = [];
  for (let round = 0; round < rounds; round += 1) {
    app.push(await run(`${restart.url}${endpoint}`, restart.pid));
    bare.push(await run(`${ceiling.url}${endpoint}`, ceiling.pid));
  }
  // Each round's app run against the ceiling run right after it; the median of those ratios.
  const ratios = app.map((result, i) => result.requests.average / bare[i].requests.average);
  const ratio = median(ratios);
  const errors = app.reduce((sum, result) => sum + result.errors + result.non2xx, 0);
  if (ratio < BUDGET || errors > 0) failed = true;
  rows.push({
    endpoint,
    'req/s': Math.round(median(app.map((result) => result.requests.average))),
    'p99 ms': median(app.map((result) => result.latency.p99)),
    errors,
    'ceiling req/s': Math.round(median(bare.map((result) => result.requests.average))),
    'ceiling p99 ms': median(bare.map((result) => result.latency.p99)),
    ratio: ratio.toFixed(2),
    'ratio per round': ratios.map((value) => value.toFixed(2)).join(' '),
    'CPU µs/answer': Math.round(median(app.map((result) => result.cpuUs))),
    'ceiling CPU µs': Math.round(median(bare.map((result) => result.cpuUs))),
  });
}
console.table(rows);
console.log(
  `Budget: every cached public read ≥ ${BUDGET.toFixed(2)} of the ceiling with no errors: ${failed ? 'NOT MET' : 'met'}; ` +
    `load average at the end ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')}`,
);
await ceiling.stop();
await restart.stop();
