import { configDefaults, defineProject } from 'vitest/config';

/** API and database tests; the root config runs them on PGlite and, with TEST_DATABASE_URL, on PostgreSQL. */
export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The pages rendered by the real web build are a project of their own (test/pages/vitest.config.ts).
    exclude: [...configDefaults.exclude, 'test/pages/**'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: ['./test/support/global-setup.ts'],
  },
});
