import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const server = (name: string, db: 'pglite' | 'postgres') => ({
  extends: './apps/server/vitest.config.ts',
  test: { name, root: './apps/server', env: { TEST_DB: db } },
});

/** Every unit, component and API test. Database tests also run on PostgreSQL when TEST_DATABASE_URL is set. */
export default defineConfig({
  test: {
    // At least two files at a time: most of a database test's time is spent waiting on the database, so even two
    // cores keep two busy (vitest's default, one fewer than the cores, runs one at a time on two).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      './packages/shared/vitest.config.ts',
      './apps/web/vitest.config.ts',
      server('server:pglite', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [server('server:postgres', 'postgres')] : []),
    ],
  },
});
