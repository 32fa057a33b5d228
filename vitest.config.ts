import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import serverProject, { databaseSuites, ISOLATED_FILES } from './apps/server/vitest.config.ts';
import { isolatedProject as webIsolated } from './apps/web/vitest.config.ts';

/**
 * The server's projects on one database: its own config (files sharing their worker's modules), with the suites to
 * run (all of them by default), and beside it the few files that need vitest's isolation (`vi.mock`).
 */
const server = (name: string, db: 'pglite' | 'postgres', include = serverProject.test?.include) => {
  const shared = { ...serverProject.test, root: './apps/server', env: { TEST_DB: db } };
  const isolated = ISOLATED_FILES.filter((file) => db === 'pglite' || include?.includes(file));
  return [
    { test: { ...shared, name, include: include?.filter((file) => !ISOLATED_FILES.includes(file)) } },
    ...(isolated.length > 0
      ? [{ test: { ...shared, name: `${name}:isolated`, include: isolated, exclude: [], isolate: true } }]
      : []),
  ];
};

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
      ...server('server:pglite', 'pglite'),
      // The public pages rendered by the web app's real server build (it builds the web app first when needed).
      './apps/server/test/pages/vitest.config.ts',
      // The suites about the database itself (marked `// @database:`, docs/decisions/061) again on PostgreSQL.
      ...(process.env.TEST_DATABASE_URL ? server('server:postgres', 'postgres', databaseSuites()) : []),
    ],
  },
});
