// The machine's floor for `bench/lighthouse.mjs`: a page with a title, a heading, a paragraph and a link, no
// stylesheet, no image, no script, served by a process of its own. What Lighthouse reports for it (a long task at
// the first paint, some blocking time) is the cost of any page in this browser on this machine, not of the site.
//
//   node bench/lib/floor-page.mjs PORT      serves it on 127.0.0.1:PORT until stopped
import http from 'node:http';

const HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>The floor</title>
    <meta name="description" content="A page with nothing in it but text, to measure the browser and the machine.">
  </head>
  <body>
    <main>
      <h1>The floor</h1>
      <p>Nothing but text: what any page costs here.</p>
      <p><a href="/">Again</a></p>
    </main>
  </body>
</html>
`;

const port = Number(process.argv[2]);
if (!Number.isInteger(port) || port <= 0) {
  console.error('usage: node bench/lib/floor-page.mjs PORT');
  process.exit(2);
}
http
  .createServer((req, res) => {
    if (req.url === '/robots.txt') {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nAllow: /\n');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(HTML);
  })
  .listen(port, '127.0.0.1', () => console.log('ready'));
