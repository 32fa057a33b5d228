import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { linkInMailTo } from './fixtures/outbox';
import { expect, notificationsGone, test } from './fixtures/test';
import type { Page } from '@playwright/test';

/**
 * The first run, as a new owner meets it: the built server started as `npm start` starts it (scripts/start.mjs runs
 * apps/server/dist/main.js once the build is there, which `npm run test:e2e` has just made), on an empty data folder
 * and without any ADMIN_* variable, prints a one-time admin login. That login works on the admin login page, and
 * the owner changes the password, then the email, on Profile; a password reset leads back to the admin login.
 */

test.describe.configure({ mode: 'serial' });
// Wrong passwords on purpose: the browser logs their 400 and 401 answers.
test.use({ allowedConsoleErrors: [/status of 40[01]/] });

let server: ChildProcess | undefined;
let output = '';
let dataDir = '';
/** What the server printed: where to sign in, and the login. */
let printed: { signIn: string; email: string; password: string };
const NEW_PASSWORD = 'hikmah-first-1';
const OWN_EMAIL = 'imam@darulilm.example.org';
const RESET_PASSWORD = 'hikmah-reset-2';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

test.beforeAll(async () => {
  // A first start migrates a new embedded database and draws the demo covers: tens of seconds on two busy cores.
  test.setTimeout(180_000);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scholar-first-run-'));
  const port = await freePort();
  // A fresh machine's environment: none of the journeys' server settings, no admin, nothing but a port of its own.
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^(ADMIN_|DATABASE_URL$|REDIS_URL$|S3_|SMTP_URL$|PUBLIC_URL$|NODE_ENV$|SEED_DEMO$)/.test(key))
      continue;
    env[key] = value;
  }
  server = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: process.cwd(),
    env: { ...env, PORT: String(port), DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 170_000;
  while (!(/password: +\S+[\s\S]*Sign in at \S+/.test(output) && output.includes('ready on'))) {
    if (server.exitCode !== null) throw new Error(`the server exited:\n${output}`);
    if (Date.now() > deadline) throw new Error(`no login printed, or not ready:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  printed = {
    signIn: /Sign in at (\S+?),/.exec(output)?.[1] ?? '',
    email: /email: +(\S+)/.exec(output)?.[1] ?? '',
    password: /password: +(\S+)/.exec(output)?.[1] ?? '',
  };
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Signs in on the admin login page as a person does, and waits for the desk. */
async function adminLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Admin login successful!')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

async function logout(page: Page): Promise<void> {
  await notificationsGone(page);
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
}

test('the printed login signs in; the owner changes the password on Profile and signs in with it', async ({
  page,
}) => {
  const origin = new URL(printed.signIn).origin;
  expect(printed.signIn).toBe(`${origin}/admin/login`);
  expect(output).toContain('change this email to your own');

  await page.goto(printed.signIn);
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  await adminLogin(page, printed.email, printed.password);

  await page.goto(`${origin}/admin/profile`);
  await expect(page.getByRole('heading', { name: 'Your profile' })).toBeVisible();
  await expect(page.getByText('This address receives no mail')).toBeVisible();
  const form = page.getByRole('form', { name: 'Change password' });

  // A wrong current password is said beside its field, which takes the focus.
  await form.getByLabel('Current password').fill('not-the-password');
  await form.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await form.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await form.getByRole('button', { name: 'Change Password' }).click();
  const current = form.getByLabel('Current password');
  await expect(current).toHaveAttribute('aria-invalid', 'true');
  await expect(current).toHaveAccessibleDescription('Your current password is incorrect');
  await expect(current).toBeFocused();

  // By keyboard: the right one, then Enter.
  await current.fill(printed.password);
  await current.press('Enter');
  await expect(page.getByText('Password changed', { exact: true })).toBeVisible();
  await expect(form.getByRole('status')).toContainText(
    'Other devices signed in to your account were signed out',
  );
  await expect(form.getByLabel('Current password')).toHaveValue('');

  await logout(page);
  await page.goto(`${origin}/admin/login`);
  await page.getByLabel('Email').fill(printed.email);
  await page.getByLabel('Password').fill(printed.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('form', { name: 'Admin login' }).getByRole('alert')).toHaveText(
    'Login failed: Invalid email or password',
  );
  await page.getByLabel('Password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});

test('the owner changes the email on Profile; a forgotten password is reset and signs in on the admin login', async ({
  page,
}) => {
  const origin = new URL(printed.signIn).origin;
  await page.goto(`${origin}/admin/login`);
  await adminLogin(page, printed.email, NEW_PASSWORD);
  await page.goto(`${origin}/admin/profile`);

  const form = page.getByRole('form', { name: 'Change email' });
  await form.getByLabel('New email').fill(OWN_EMAIL);
  await form.getByLabel('Current password').fill(NEW_PASSWORD);
  await form.getByRole('button', { name: 'Change Email' }).click();
  await expect(page.getByText(`Your email is now ${OWN_EMAIL}`)).toBeVisible();
  await expect(page.getByText(`You sign in with ${OWN_EMAIL}.`)).toBeVisible();
  await expect(page.getByText('This address receives no mail')).toHaveCount(0);
  await logout(page);

  // Forgot password? on the admin login, and the way back leads there.
  await page.goto(`${origin}/admin/login`);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/admin/login');
  await page.getByLabel('Email').fill(OWN_EMAIL);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('Check your email for reset instructions')).toBeVisible();
  const link = await linkInMailTo(
    OWN_EMAIL,
    /https?:\/\/[^\s"<>]+\/reset-password\/[A-Za-z0-9_-]+/,
    'reset',
    dataDir,
  );
  await page.goto(link);
  await page.getByLabel('New Password').fill(RESET_PASSWORD);
  await page.getByLabel('Confirm Password').fill(RESET_PASSWORD);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Password reset successful!')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await adminLogin(page, OWN_EMAIL, RESET_PASSWORD);
});
