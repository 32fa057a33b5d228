import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { openPostgres } from '../../src/db/client';
import { once } from '../../src/lib/once';

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

/** Runs a PostgreSQL program as the cluster's owner: initdb refuses root, so as root that is the postgres user. */
function asOwner(command: string, args: string[]) {
  const bin = postgresBinaries()!;
  return process.getuid?.() === 0
    ? run('runuser', ['-u', 'postgres', '--', path.join(bin, command), ...args])
    : run(path.join(bin, command), args);
}

/** A folder for a cluster, owned by its owner. */
async function clusterFolder(prefix: string): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  if (process.getuid?.() === 0) await run('chown', ['postgres:postgres', dir]);
  return dir;
}

const serverOptions = (port: number, dir: string) =>
  `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;

/** Starts (`pg_ctl start`) and stops (fast shutdown) the cluster of `data` on `port`. */
function control(data: string, dir: string, port: number) {
  return {
    start: async () => {
      await asOwner('pg_ctl', [
        '-D',
        data,
        '-l',
        path.join(dir, 'server.log'),
        '-w',
        '-t',
        '60',
        '-o',
        serverOptions(port, dir),
        'start',
      ]);
    },
    stop: async () => {
      await asOwner('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']).catch(() => undefined);
    },
  };
}

/**
 * A cluster made by initdb with its `scholar` database migrated, stopped: every cluster of this worker's tests is a
 * copy of its data folder (~0.3 CPU-s), not initdb and the migrations again (~3.3 CPU-s). Removed when the process
 * exits.
 */
const migratedCluster = once(async (): Promise<string> => {
  const dir = await clusterFolder('scholar-pg-template-');
  process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  const data = path.join(dir, 'data');
  await asOwner('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  const port = await freePort();
  const cluster = control(data, dir, port);
  await cluster.start();
  try {
    await asOwner('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', 'scholar']);
    const database = await openPostgres(`postgres://postgres@127.0.0.1:${port}/scholar`, { max: 1 });
    await database.migrate();
    await database.close();
  } finally {
    await cluster.stop();
  }
  return data;
});

/**
 * A throwaway PostgreSQL cluster of this test alone, like scripts/pg-cluster.sh, with its `scholar` database
 * migrated: a copy of `migratedCluster`'s.
 */
export async function startPgCluster(): Promise<PgCluster> {
  const template = await migratedCluster();
  const dir = await clusterFolder('scholar-pg-fault-');
  const data = path.join(dir, 'data');
  // `cp -a` keeps the owner and the modes (0700) PostgreSQL insists on.
  await run('cp', ['-a', template, data]);
  const port = await freePort();
  const { start, stop } = control(data, dir, port);
  await start();
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
