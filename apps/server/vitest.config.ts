import { defineProject } from 'vitest/config';

/** API and database tests; the root config runs them on PGlite and, with TEST_DATABASE_URL, on PostgreSQL. */
export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: ['./test/support/global-setup.ts'],
  },
});
