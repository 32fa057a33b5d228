// Public reads under load, side by side with a bare node:http server answering the same bytes from memory (the
// ceiling), and the embedded database's cold start. Prints figures; it is not a test.
// Usage: node bench/api.mjs [seconds per endpoint, default 10] [connections, default 50]
import http from 'node:http';
import autocannon from 'autocannon';
import { freePort, startServer } from './lib/server.mjs';

const seconds = Number(process.argv[2] ?? 10);
const connections = Number(process.argv[3] ?? 50);

const run = (url) =>
  new Promise((resolve, reject) => {
    autocannon({ url, connections, duration: seconds, pipelining: 1 }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });

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

// The ceiling: the same bytes and content type, straight from memory.
const answers = new Map();
for (const endpoint of endpoints) {
  const res = await fetch(`${restart.url}${endpoint}`);
  answers.set(endpoint, {
    type: res.headers.get('content-type'),
    body: Buffer.from(await res.arrayBuffer()),
  });
}
const ceilingPort = await freePort();
const ceiling = http.createServer((req, res) => {
  const answer = answers.get(req.url);
  res.writeHead(answer ? 200 : 404, { 'content-type': answer?.type ?? 'text/plain' });
  res.end(answer?.body ?? 'not found');
});
await new Promise((resolve) => ceiling.listen(ceilingPort, '127.0.0.1', resolve));

const rows = [];
for (const endpoint of endpoints) {
  const app = await run(`${restart.url}${endpoint}`);
  const bare = await run(`http://127.0.0.1:${ceilingPort}${endpoint}`);
  rows.push({
    endpoint,
    'req/s': Math.round(app.requests.average),
    'p50 ms': app.latency.p50,
    'p99 ms': app.latency.p99,
    'ceiling req/s': Math.round(bare.requests.average),
    ratio: `${Math.round((100 * app.requests.average) / bare.requests.average)}%`,
    errors: app.errors + app.non2xx,
  });
}
console.log(`${connections} connections, ${seconds} s per endpoint, loopback:`);
console.table(rows);
ceiling.close();
await restart.stop();
