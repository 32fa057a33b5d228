// The ceiling of the API benchmark: a bare node:http server answering recorded bodies from memory, run as a
// process of its own so that the load generator does not slow it (in the benchmark's process it shared a core with
// autocannon and came out slower than the app). It reads its answers as JSON on stdin ({ path: { type, encoding
// (absent for a plain body), body (base64) } }), listens on a free loopback port and prints that port on stdout.
import http from 'node:http';

let input = '';
for await (const chunk of process.stdin) input += chunk;
const answers = new Map(
  Object.entries(JSON.parse(input)).map(([path, { type, encoding, body }]) => {
    const bytes = Buffer.from(body, 'base64');
    const headers = { 'content-type': type, 'content-length': bytes.byteLength };
    return [path, { headers: encoding ? { ...headers, 'content-encoding': encoding } : headers, bytes }];
  }),
);

const server = http.createServer((req, res) => {
  const answer = answers.get(req.url);
  if (!answer) {
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found');
    return;
  }
  res.writeHead(200, answer.headers);
  res.end(answer.bytes);
});
// Node's defaults for a kept-alive connection, as the app's server has them.
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${server.address().port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
