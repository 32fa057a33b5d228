import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small load balancer for tests, configured as docs/deployment.md configures nginx: requests go to the
 * instances in turn (round robin), with `X-Forwarded-For` set to the client's address; a request that could not
 * reach its instance (connection refused or reset before an answer), or that the instance refused with 503
 * because it is stopping, is tried on the next instance when its method is idempotent (nginx's
 * `proxy_next_upstream error timeout http_503`, which never retries a POST). An instance that could not be reached
 * is left out for 5 s (`max_fails=1 fail_timeout=5s`). Each answer says which instance gave it in `x-upstream`.
 */
export async function startRoundRobinProxy(upstreams: { name: string; port: number }[]) {
  let next = 0;
  const FAIL_TIMEOUT_MS = 5_000;
  const downUntil = new Map<string, number>();
  const served = new Map(upstreams.map((u) => [u.name, 0]));
  const idempotent = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

  const forward = (
    req: http.IncomingMessage,
    body: Buffer,
    upstream: { name: string; port: number },
  ): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer } | 'unreachable'> =>
    new Promise((resolve) => {
      const out = http.request(
        {
          host: '127.0.0.1',
          port: upstream.port,
          method: req.method,
          path: req.url,
          headers: {
            ...req.headers,
            'x-forwarded-for': req.socket.remoteAddress ?? '127.0.0.1',
            connection: 'close',
          },
          agent: false,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 502, headers: res.headers, body: Buffer.concat(chunks) }),
          );
          res.on('error', () => resolve('unreachable'));
        },
      );
      out.on('error', () => resolve('unreachable'));
      out.end(body);
    });

  /** Sends one request to an instance, the next one when it cannot answer (as nginx's proxy_next_upstream). */
  const relay = async (req: http.IncomingMessage, res: http.ServerResponse, body: Buffer) => {
    // Round robin over the instances not left out; all of them when every one is.
    const now = Date.now();
    const live = upstreams.filter((u) => (downUntil.get(u.name) ?? 0) <= now);
    const order = live.length > 0 ? live : upstreams;
    const first = next % order.length;
    next += 1;
    for (let i = 0; i < order.length; i += 1) {
      const upstream = order[(first + i) % order.length]!;
      const answer = await forward(req, body, upstream);
      if (answer === 'unreachable') downUntil.set(upstream.name, Date.now() + FAIL_TIMEOUT_MS);
      const retry =
        (answer === 'unreachable' || answer.status === 503) &&
        idempotent.has(req.method ?? 'GET') &&
        i < order.length - 1;
      if (retry) continue;
      if (answer === 'unreachable') {
        res.writeHead(502, { 'content-type': 'text/plain' }).end('Bad gateway');
        return;
      }
      served.set(upstream.name, (served.get(upstream.name) ?? 0) + 1);
      const headers = { ...answer.headers, 'x-upstream': upstream.name };
      delete headers['transfer-encoding'];
      delete headers.connection;
      res.writeHead(answer.status, headers).end(answer.body);
      return;
    }
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => void relay(req, res, Buffer.concat(chunks)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    /** Answers given by each instance. */
    served,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
