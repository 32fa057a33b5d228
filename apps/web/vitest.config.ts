import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { messageCatalogues } from './catalogues';

export default defineProject({
  plugins: [messageCatalogues(), react()],
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // A user-event journey through a form takes well under a second alone, but several seconds on a two-core
    // machine running the server suites beside it.
    testTimeout: 15_000,
  },
});
