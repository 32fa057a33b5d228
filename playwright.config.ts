import { defineConfig } from '@playwright/test';
import { E2E_ADMIN } from './e2e/fixtures/accounts';

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;

/** Journeys in Debian's Chromium against the built server on a throwaway embedded database. */
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
    trace: 'retain-on-failure',
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
  webServer: {
    command: 'node apps/server/dist/main.js',
    url: `${baseURL}/api/health`,
    // A first start migrates the embedded database and draws the demo covers: with the shards' servers and the unit
    // tests starting beside it on two cores, that takes longer than a minute.
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: process.env.E2E_DATA_DIR ?? 'data/e2e',
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      ADMIN_NAME: E2E_ADMIN.name,
      SEED_DEMO: 'true',
      // The customers the journeys register each come from an address of their own (X-Forwarded-For, see
      // e2e/fixtures/customers.ts), so the suite never meets the 20 registrations an address may make in an hour.
      TRUST_PROXY: '127.0.0.1',
    },
  },
});
