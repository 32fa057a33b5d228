import { defineConfig } from 'vitest/config';

const server = (name: string, db: 'pglite' | 'postgres') => ({
  extends: './apps/server/vitest.config.ts',
  test: { name, root: './apps/server', env: { TEST_DB: db } },
});

/** Every unit, component and API test. Database tests also run on PostgreSQL when TEST_DATABASE_URL is set. */
export default defineConfig({
  test: {
    projects: [
      './packages/shared/vitest.config.ts',
      './apps/web/vitest.config.ts',
      server('server:pglite', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [server('server:postgres', 'postgres')] : []),
    ],
  },
});
