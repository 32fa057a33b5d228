import { AsyncLocalStorage } from 'node:async_hooks';
import diagnostics from 'node:diagnostics_channel';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { UserRole } from '@scholar/shared';
import { buildApp, type AppInstance } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import type { Database } from '../../src/db/client';
import { issueTokens } from '../../src/modules/auth/auth.service';
import { createTestDatabase } from './database';
import { expect } from 'vitest';

export interface TestContext {
  app: AppInstance;
  database: Database;
  config: Config;
  dataDir: string;
  close(): Promise<void>;
}

/** A web root that looks like the built SPA (index.html as Vite writes it), so that server tests need no web build. */
export function fakeWebDist(dir: string): string {
  const dist = path.join(dir, 'web-dist');
  fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    `<!doctype html>
<html lang="en-IN">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>Darul Ilm — Books, Fatwahs and Articles</title>
    <meta
      name="description"
      content="Books, answered questions (fatwahs) and articles from the scholars of Darul Ilm, Kolkata."
    />
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`,
  );
  const entry = `console.log("app");\n${'// the app\n'.repeat(200)}`;
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), entry);
  // The brotli and gzip copies the build writes beside each text file.
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js.br'), zlib.brotliCompressSync(entry));
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js.gz'), zlib.gzipSync(entry));
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // What Vite's manifest says of the entry and of two screens: the home page shares a chunk with the entry.
  fs.mkdirSync(path.join(dist, '.vite'), { recursive: true });
  fs.writeFileSync(
    path.join(dist, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-abc123.js', isEntry: true, imports: ['_shared-s1.js'] },
      '_shared-s1.js': { file: 'assets/shared-s1.js' },
      '_grid-g1.js': { file: 'assets/grid-g1.js', imports: ['_shared-s1.js'] },
      'src/app/pages/home-page.tsx': {
        file: 'assets/home-page-h1.js',
        isDynamicEntry: true,
        imports: ['index.html', '_grid-g1.js', '_shared-s1.js'],
      },
      'src/features/books/pages/book-page.tsx': {
        file: 'assets/book-page-b1.js',
        isDynamicEntry: true,
        imports: ['index.html'],
      },
    }),
  );
  return dist;
}

/** The settings of a test app whose files go to `dataDir`, with `env` on top. */
export function testConfig(dataDir: string, env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:3000',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    WEB_DIST_DIR: fakeWebDist(dataDir),
    // Tests write with factories behind the API's back; the cache has tests of its own.
    PUBLIC_CACHE_TTL_MS: '0',
    // The sweep runs on a timer; tests that want it turn it on or call it themselves.
    RECONCILE_INTERVAL_MS: '0',
    SUBSCRIPTIONS_INTERVAL_MS: '0',
    MAIL_OUTBOX_INTERVAL_MS: '0',
    ...env,
  });
}

/**
 * The `onRoute` hook of the app being built in this async context. Fastify announces every instance it makes on the
 * `fastify.initialization` diagnostics channel, before anything is registered on it: the hook added there sees
 * every route, and only the instance built under `routeWatch.run` gets it.
 */
const routeWatch = new AsyncLocalStorage<(route: RouteOptions) => void>();
diagnostics.subscribe('fastify.initialization', (message) => {
  const onRoute = routeWatch.getStore();
  if (onRoute) (message as { fastify: FastifyInstance }).fastify.addHook('onRoute', onRoute);
});

/**
 * The app on a migrated database with empty tables, with a temporary DATA_DIR; `onRoute` is called for every route
 * added; `ownDatabase` gives it a database of its own (see `createTestDatabase`).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { onRoute?: (route: RouteOptions) => void; ownDatabase?: boolean } = {},
): Promise<TestContext> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scholar-test-'));
  const config = testConfig(dataDir, env);
  const database = await createTestDatabase({ own: options.ownDatabase });
  const build = () => buildApp(config, { database });
  const app = await (options.onRoute ? routeWatch.run(options.onRoute, build) : build());
  return {
    app,
    database,
    config,
    dataDir,
    close: async () => {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** `Authorization` header of a signed-in user: a session opened as /auth/login opens one, and its access token. */
export async function authHeader(
  ctx: Pick<TestContext, 'database' | 'config'>,
  user: { id: string; role: UserRole },
): Promise<{ authorization: string }> {
  const { accessToken } = await issueTokens(ctx.database.db, ctx.config, user);
  return { authorization: `Bearer ${accessToken}` };
}

/** A 400 VALIDATION_ERROR in the envelope whose details name `field` (e.g. `body.pincode`). */
export function expectValidationError(
  res: { statusCode: number; json: () => unknown },
  field: string,
  label = field,
): void {
  expect(res.statusCode, label).toBe(400);
  const body = res.json() as { details?: { path: string }[] };
  expect(body, label).toMatchObject({ success: false, error: expect.any(String), code: 'VALIDATION_ERROR' });
  expect(
    (body.details ?? []).map((d) => d.path),
    label,
  ).toContain(field);
}
