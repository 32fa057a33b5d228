import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import serverProject from './apps/server/vitest.config.ts';
import { isolatedProject as webIsolated } from './apps/web/vitest.config.ts';

/** The server's project on one database: its own config, with the suites to run (all of them by default). */
const server = (name: string, db: 'pglite' | 'postgres', include = serverProject.test?.include) => ({
  test: { ...serverProject.test, name, root: './apps/server', env: { TEST_DB: db }, include },
});

/**
 * The suites where the database itself matters, run again on PostgreSQL: SQL and migrations, stock, orders,
 * payments and counters under parallel writes over several connections, locks, the pool, outages and several
 * instances on one database. The rest (validation, pages, headers, the hostile-input sweep, the pure helpers) meet
 * the same SQL on PGlite, which is PostgreSQL itself, and run once.
 */
const DATABASE_SUITES = [
  'src/db/**/*.test.ts',
  'src/lib/fanout.test.ts',
  'src/modules/{checkout,payments,orders,cart,fatwahs,admins,health,coupons}/**/*.test.ts',
  'src/modules/bills/**/*.test.ts',
  'src/modules/subscriptions/**/*.test.ts',
  'src/modules/books/editions.test.ts',
  'src/modules/articles/articles.test.ts',
  'src/plugins/{fair-reads,idempotency}.test.ts',
  'test/{deployment,faults}/**/*.test.ts',
  'test/security/limits-across-instances.test.ts',
];

/** Every unit, component and API test. The database's suites also run on PostgreSQL when TEST_DATABASE_URL is set. */
export default defineConfig({
  test: {
    // At least two files at a time: most of a database test's time is spent waiting on the database, so even two
    // cores keep two busy (vitest's default, one fewer than the cores, runs one at a time on two).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      './packages/shared/vitest.config.ts',
      './apps/web/vitest.config.ts',
      webIsolated,
      { test: { name: 'scripts', include: ['scripts/**/*.test.mjs'], environment: 'node' } },
      server('server:pglite', 'pglite'),
      // The public pages rendered by the web app's real server build (it builds the web app first when needed).
      './apps/server/test/pages/vitest.config.ts',
      ...(process.env.TEST_DATABASE_URL ? [server('server:postgres', 'postgres', DATABASE_SUITES)] : []),
    ],
  },
});
