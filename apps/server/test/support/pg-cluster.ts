import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The newest PostgreSQL server binaries of the machine (Debian's layout), or undefined. */
export function postgresBinaries(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return undefined;
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : undefined;
}

/** Why a private cluster cannot be started here, or undefined when it can. */
export function clusterUnavailableReason(): string | undefined {
  if (!postgresBinaries()) return 'PostgreSQL server binaries are not installed (/usr/lib/postgresql/*/bin)';
  const root = process.getuid?.() === 0;
  if (root) {
    try {
      fs.accessSync('/usr/sbin/runuser', fs.constants.X_OK);
    } catch {
      return 'running as root without runuser, and initdb refuses root';
    }
  }
  return undefined;
}

export const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

export interface PgCluster {
  url: string;
  /** Stops the server (fast shutdown: sessions are ended with 57P01). */
  stop(): Promise<void>;
  /** Starts it again on the same port and data. */
  start(): Promise<void>;
  /** Stops it and removes its folder. */
  destroy(): Promise<void>;
}

/**
 * A throwaway PostgreSQL cluster of this test alone, like scripts/pg-cluster.sh: initdb refuses root, so as root
 * the cluster belongs to the postgres user.
 */
export async function startPgCluster(): Promise<PgCluster> {
  const bin = postgresBinaries()!;
  const root = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scholar-pg-fault-'));
  if (root) await run('chown', ['postgres:postgres', dir]);
  const as = (command: string, args: string[]) =>
    root
      ? run('runuser', ['-u', 'postgres', '--', path.join(bin, command), ...args])
      : run(path.join(bin, command), args);
  const port = await freePort();
  const data = path.join(dir, 'data');
  await as('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  const start = async () => {
    await as('pg_ctl', [
      '-D',
      data,
      '-l',
      path.join(dir, 'server.log'),
      '-w',
      '-t',
      '60',
      '-o',
      options,
      'start',
    ]);
  };
  const stop = async () => {
    await as('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']).catch(() => undefined);
  };
  await start();
  await as('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', 'scholar']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/scholar`,
    stop,
    start,
    destroy: async () => {
      await stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
