import { defineConfig } from '@playwright/test';
import { e2eServerEnv } from './scripts/lib/e2e-server.mjs';

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;

/** The journeys that watch something move: the hero's video plays only for a reader who did not ask for less motion. */
const MOTION = /static-pages\.spec\.ts$/;

/**
 * Journeys in Debian's Chromium against the built server on a throwaway embedded database. `npm run test:e2e`
 * (scripts/test-e2e.mjs) seeds a data folder once and starts each run's server on a copy of it.
 */
export default defineConfig({
  testDir: './e2e',
  // Each run writes its traces to its own folder, so that two runs never trample each other.
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  // A journey takes up to 40 s alone; beside the unit tests on two cores, up to twice that.
  timeout: 120_000,
  // And an assertion's wait likewise: 10 s instead of 5.
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    // A trace records every action's DOM and screen as the journey runs: a quarter or more of a journey's CPU
    // (measured side by side). So it is recorded only when a journey that failed runs again (CI retries once);
    // locally, `npm run test:e2e -- e2e/x.spec.ts --trace on` records one.
    trace: 'on-first-retry',
    // A picture of the page only when a journey fails: no journey compares them.
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    {
      // As a reader who asked for less motion: no hero video to decode, no animation for a check to wait out.
      name: 'journeys',
      testIgnore: MOTION,
      use: { reducedMotion: 'reduce' },
    },
    { name: 'motion', testMatch: MOTION },
  ],
  webServer: {
    command: 'node apps/server/dist/main.js',
    url: `${baseURL}/api/health`,
    // A first start on an empty folder migrates the embedded database and draws the demo covers: with the shards'
    // servers and the unit tests starting beside it on two cores, that takes longer than a minute. A start on a
    // seeded copy (scripts/test-e2e.mjs) takes a few seconds.
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: e2eServerEnv({ port, dataDir: process.env.E2E_DATA_DIR ?? 'data/e2e' }),
  },
});
