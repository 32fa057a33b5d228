// A port nothing listens on yet, for a throwaway server (the e2e run, the benchmarks).
import net from 'node:net';

export const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
