import path from 'node:path';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { v7 as uuidv7 } from 'uuid';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import { booksRoutes } from './modules/books/books.routes';
import { healthRoutes } from './modules/health/health.routes';
import { registerDocs } from './plugins/docs';
import { registerErrorHandling } from './plugins/errors';
import { registerSecurityHeaders } from './plugins/security';
import { registerSpa } from './plugins/spa';
import { registerUploads } from './plugins/uploads';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
  }
}

/** The Fastify instance with zod schemas as its type provider. */
export type AppInstance = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** The largest JSON body accepted; uploads have their own limits. */
export const BODY_LIMIT = 1024 * 1024;

function loggerOptions(config: Config) {
  if (config.logLevel === 'silent') return false;
  if (config.env === 'development') {
    return {
      level: config.logLevel,
      transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } },
    };
  }
  return { level: config.logLevel };
}

/**
 * Builds the whole application on an open database, without listening. The caller owns the database unless
 * `ownsDatabase` is set, in which case closing the app closes it.
 */
export async function buildApp(
  config: Config,
  options: { database: Database; ownsDatabase?: boolean },
): Promise<AppInstance> {
  const app = Fastify({
    logger: loggerOptions(config),
    bodyLimit: BODY_LIMIT,
    genReqId: () => uuidv7(),
    forceCloseConnections: 'idle',
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', options.database);
  app.decorate('db', options.database.db);
  if (options.ownsDatabase) app.addHook('onClose', async () => options.database.close());

  registerErrorHandling(app);
  await registerSecurityHeaders(app, config);
  await registerDocs(app);

  await app.register(
    async (api) => {
      const scoped = api.withTypeProvider<ZodTypeProvider>();
      await scoped.register(healthRoutes);
      await scoped.register(booksRoutes);
    },
    { prefix: '/api' },
  );

  await registerUploads(app, path.join(config.dataDir, 'uploads'));
  await registerSpa(app, config.webDistDir);
  return app;
}
