import { defineProject } from 'vitest/config';

/**
 * The public pages as the server sends them, rendered by the web app's real server build (`apps/web/dist-ssr`):
 * heads, the HTML a reader without script gets, in every language. The app runs in-process on PGlite with the
 * demo content; the build is made once before the files run, when it is missing or older than its sources. The files
 * share their worker's modules and PGlite (`isolate: false`, as the server's project, docs/decisions/061): the server
 * build and the server's modules load once a worker, not once a file (42 CPU-s for the project instead of 74).
 */
export default defineProject({
  test: {
    name: 'pages',
    root: import.meta.dirname,
    include: ['**/*.test.ts'],
    environment: 'node',
    isolate: false,
    env: { TEST_DB: 'pglite' },
    testTimeout: 30_000,
    // A file's app loads the server build (a few MB) and draws the demo covers before its first test.
    hookTimeout: 120_000,
    globalSetup: ['./global-setup.ts', '../support/global-setup.ts'],
  },
});
