import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openConfiguredDatabase } from './db/client';
import { DataDirLockedError } from './db/lock';
import { prepareData } from './db/seed';
import { startupWarnings } from './startup-warnings';

const SHUTDOWN_GRACE_MS = 10_000;

/** Starts the server: config, database (locked, migrated, seeded), listen, and a graceful stop on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  const started = performance.now();
  const config = loadConfig();
  const warnings = startupWarnings(config);

  const database = await openConfiguredDatabase(config);
  let app;
  try {
    await database.migrate();
    app = await buildApp(config, { database, ownsDatabase: true });
    database.setLog?.(app.log);
    for (const warning of warnings) {
      app.log.warn({ database: database.kind, dataDir: config.dataDir }, warning);
      // Whatever the log level, the operator learns it.
      if (['silent', 'error', 'fatal'].includes(config.logLevel))
        process.stderr.write(`Warning: ${warning}\n`);
    }
    await prepareData(database.db, config, app.log, undefined, app.uploads);
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    // `/api/ready` answers 503 from now on; during SHUTDOWN_DELAY_MS the server still serves, so that a load
    // balancer sees it and stops sending before the listener closes (docs/decisions/029).
    app.readiness.stopping = true;
    app.log.info({ signal, delayMs: config.shutdownDelayMs }, 'shutting down: finishing in-flight requests');
    setTimeout(close, config.shutdownDelayMs);
  };
  const close = () => {
    // Whatever the log level, an operator must learn why a stop was not clean.
    const force = setTimeout(() => {
      process.stderr.write(`Shutdown took longer than ${SHUTDOWN_GRACE_MS / 1000}s; exiting.\n`);
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(
          `Error while shutting down: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
        );
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const seconds = ((performance.now() - started) / 1000).toFixed(2);
  app.log.info(
    { database: database.kind, dataDir: config.dataDir, seconds },
    `ready on ${config.publicUrl} (${database.kind})`,
  );
  if (config.logLevel === 'silent' || config.env === 'production') {
    process.stdout.write(`Server ready on ${config.publicUrl} (${database.kind}, ${seconds}s)\n`);
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `The server could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
