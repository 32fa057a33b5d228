import type { Config } from './config';

/** Why production should not run on the embedded database (docs/decisions/012, docs/operations.md). */
export const EMBEDDED_IN_PRODUCTION =
  'NODE_ENV=production without DATABASE_URL: running on the embedded database (PGlite in DATA_DIR). It syncs ' +
  'each commit to disk, but it serves one process on one machine, cannot be backed up while it runs (stop it, or ' +
  'take a file-system snapshot), has no replicas, and its crash safety rests on a WebAssembly build of PostgreSQL ' +
  'with far less use than the real server. Set DATABASE_URL to a PostgreSQL server for production.';

/** Why several instances need one signing key (docs/deployment.md). */
export const KEY_PER_INSTANCE =
  'REDIS_URL is set (several instances) but JWT_SECRET is not: this instance signs sessions with a key of its own ' +
  '(DATA_DIR/secrets.json), so a customer signed in through one instance is refused by the others. Give every ' +
  'instance the same JWT_SECRET.';

/**
 * What the operator must hear at start-up about the configuration: a setting that works but is wrong for how the
 * server is run. A signing key is this instance's own when it comes from DATA_DIR (or is missing).
 */
export function startupWarnings(
  config: Pick<Config, 'env' | 'databaseUrl' | 'redisUrl' | 'jwtSecret'> &
    Partial<Pick<Config, 'jwtSecretFrom'>>,
): string[] {
  const keyOfItsOwn = config.jwtSecret === undefined || config.jwtSecretFrom === 'DATA_DIR';
  return [
    ...(config.env === 'production' && config.databaseUrl === undefined ? [EMBEDDED_IN_PRODUCTION] : []),
    ...(config.redisUrl !== undefined && keyOfItsOwn ? [KEY_PER_INSTANCE] : []),
  ];
}
