import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/app';
import { testConfig, type TestContext } from './app';

/**
 * A second app with settings of its own (`env`: no SMTP, a mail server that is down or slow) beside the file's app,
 * on the file's database, with a DATA_DIR of its own. It shares the database rather than opening one: on PGlite a
 * second database is a whole new instance, most of the cost of an app. `close` closes the app and removes its
 * DATA_DIR, and leaves the database to the file's app.
 */
export async function createAppBeside(
  ctx: Pick<TestContext, 'database'>,
  env: Record<string, string> = {},
): Promise<TestContext> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scholar-test-'));
  const config = testConfig(dataDir, env);
  const app = await buildApp(config, { database: ctx.database });
  return {
    app,
    database: ctx.database,
    config,
    dataDir,
    close: async () => {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
