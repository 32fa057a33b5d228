import fs from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { configDefaults, defineProject, type TestProjectInlineConfiguration } from 'vitest/config';
import { messageCatalogues } from './catalogues';

const SRC = path.join(import.meta.dirname, 'src');
const TEST_FILE = /\.test\.tsx?$/;
const MOCKS_A_MODULE = /\bvi\.(mock|doMock)\(/;

/**
 * The test files that replace a module (`vi.mock`), relative to this folder. A replaced module would stay replaced
 * for the files that run after it in the same worker, so these run in a project of their own with a fresh module
 * graph per file; found by reading the files, so a new `vi.mock` moves its file there by itself.
 */
export const MOCKING_TESTS = fs
  .readdirSync(SRC, { recursive: true, encoding: 'utf8' })
  .filter(
    (file) => TEST_FILE.test(file) && MOCKS_A_MODULE.test(fs.readFileSync(path.join(SRC, file), 'utf8')),
  )
  .map((file) => path.posix.join('src', file.split(path.sep).join('/')))
  .sort();

/** What both projects share: the catalogues and JSX, the DOM, and the setup that puts it back after each test. */
const shared = {
  plugins: [messageCatalogues(), react()],
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // A user-event journey through a form takes well under a second alone, but several seconds on a two-core
    // machine running the server suites beside it.
    testTimeout: 15_000,
  },
} satisfies TestProjectInlineConfiguration;

/**
 * The files that replace a module, each in a fresh module graph and DOM (vitest's default). The root config runs it
 * from this folder.
 */
export const isolatedProject = {
  ...shared,
  test: { ...shared.test, name: 'web:isolated', root: import.meta.dirname, include: MOCKING_TESTS },
} satisfies TestProjectInlineConfiguration;

/**
 * Every other file, one after another in the same worker, its modules and DOM kept (`isolate: false`): a fresh
 * jsdom and module graph per file cost more than half the project's time. What a test leaves behind (the DOM,
 * storage, stubbed globals, spies, timers, the page's head, the toasts) is put back after each test by the setup
 * files.
 */
export default defineProject({
  ...shared,
  test: {
    ...shared.test,
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    exclude: [...configDefaults.exclude, ...MOCKING_TESTS],
    isolate: false,
    setupFiles: [...shared.test.setupFiles, './src/test/setup-shared-worker.ts'],
  },
});
