import fs from 'node:fs';
import path from 'node:path';
import { defineProject } from 'vitest/config';

/**
 * The files that mock a module with `vi.mock`: a mock needs the file's own module graph, so they run in a project
 * of their own with vitest's isolation. Every other file shares its worker's modules (and its PGlite).
 */
export const ISOLATED_FILES = [
  'src/modules/auth/auth-limits.test.ts',
  'src/modules/payments/order-number-collision.test.ts',
];

const INCLUDE = ['src/**/*.test.ts', 'test/**/*.test.ts'];
/** The public pages have their own project (test/pages/vitest.config.ts). */
const EXCLUDE = ['test/pages/**', '**/node_modules/**'];

/** The first line of a test file that is about the database itself, and also runs on PostgreSQL. */
export const DATABASE_MARKER = /^\/\/ @database: \S/;

/** The server's test files (relative to apps/server), as the projects below include them. */
export function serverTestFiles(): string[] {
  const walk = (dir: string): string[] =>
    fs.readdirSync(path.join(import.meta.dirname, dir), { withFileTypes: true }).flatMap((entry) => {
      const relative = path.posix.join(dir, entry.name);
      if (entry.isDirectory())
        return entry.name === 'node_modules' || relative === 'test/pages' ? [] : walk(relative);
      return entry.name.endsWith('.test.ts') ? [relative] : [];
    });
  return [...walk('src'), ...walk('test')].sort();
}

/**
 * The suites where the database itself matters (docs/decisions/061), run again on PostgreSQL: the files whose
 * first line is `// @database: <why>`.
 */
export function databaseSuites(): string[] {
  return serverTestFiles().filter((file) =>
    DATABASE_MARKER.test(fs.readFileSync(path.join(import.meta.dirname, file), 'utf8').split('\n', 1)[0]!),
  );
}

/**
 * API and database tests; the root config runs them on PGlite and, with TEST_DATABASE_URL, the database's suites
 * on PostgreSQL. Files share their worker's modules (`isolate: false`): the server keeps no state at module level
 * (test/architecture/module-state.test.ts), and a file's app is its own.
 */
export default defineProject({
  test: {
    name: 'server',
    include: INCLUDE,
    exclude: [...EXCLUDE, ...ISOLATED_FILES],
    isolate: false,
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: ['./test/support/global-setup.ts'],
  },
});
