import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import rateLimit from '@fastify/rate-limit';
import injectRequest from 'light-my-request';
import { AppError, serviceUnavailable } from './lib/errors';
import { requestForLog } from './lib/log-redaction';
import { routeLimitStore } from './lib/rate-limit';
import { createLimitStore } from './lib/counters-redis';
import { closeRedis, createRedis } from './lib/redis';
import { createMailer, type Mailer } from './mail/mailer';
import { startMailOutbox } from './mail/outbox-job';
import { outboxRoutes } from './mail/outbox.routes';
import { memoryRoutes } from './modules/health/memory.routes';
import type { AppInstance } from './app-types';
import { articlesRoutes } from './modules/articles/articles.routes';
import { adminsRoutes } from './modules/admins/admins.routes';
import { accessTokenUser } from './modules/auth/access-token-user';
import { authRoutes } from './modules/auth/auth.routes';
import { booksRoutes } from './modules/books/books.routes';
import { fatwahsRoutes } from './modules/fatwahs/fatwahs.routes';
import { cartPricesRoutes, cartRoutes } from './modules/cart/cart.routes';
import { ordersRoutes } from './modules/orders/orders.routes';
import { billsRoutes } from './modules/bills/bills.routes';
import { returnsRoutes } from './modules/orders/returns.routes';
import { deliveryRoutes } from './modules/delivery/delivery.routes';
import { codRoutes } from './modules/bills/cod-collected.routes';
import { couponsRoutes } from './modules/coupons/coupons.routes';
import { trackRoutes } from './modules/orders/track.routes';
import { emailProofRoutes } from './modules/auth/email-proof.routes';
import { orderLinks } from './lib/order-links';
import { APP_START_SCRIPT_HASH } from './modules/pages/app-start';
import { FACE_CHOICE_SCRIPT_HASH } from './lib/face-choice';
import { notFoundPage } from './modules/pages/head';
import { pagesRoutes } from './modules/pages/pages.routes';
import { paymentsRoutes, SANDBOX_PREFIX } from './modules/payments/payments.routes';
import { startReconciliation } from './modules/checkout/reconcile';
import { startSubscriptionSender } from './modules/subscriptions/sender';
import { subscriptionsRoutes } from './modules/subscriptions/subscriptions.routes';
import { registerSiteSettings, settingsRoutes } from './modules/settings/settings.routes';
import { razorpayClientFor, type FetchLike } from './payments/razorpay-client';
import { usersRoutes } from './modules/users/users.routes';
import { auth, privateAnswers } from './plugins/auth';
import { compression } from './plugins/compression';
import { publicCache, serverAnsweringFromMemory } from './plugins/public-cache';
import { fairReads } from './plugins/fair-reads';
import { healthRoutes, registerReadiness } from './modules/health/health.routes';
import { docs } from './plugins/docs';
import { inputChecks } from './plugins/input';
import { errorHandling, frameworkErrors } from './plugins/errors';
import { securityHeaderSets, securityHeaders } from './plugins/security';
import { openWebShell, spa } from './plugins/spa';
import { createAssetAnswers } from './plugins/asset-answers';
import { uploadedFiles } from './plugins/uploads';
import { createUploadStore } from './modules/uploads/object-store';

// The instance type and its decorations live in app-types.ts, which the routes can import without this file.
export type { AppInstance } from './app-types';

/** The largest JSON body accepted; uploads have their own limits. */
export const BODY_LIMIT = 1024 * 1024;
const API_PREFIX = '/api';
const INTERNAL_HEADER = 'x-internal-request';

function loggerOptions(config: Config) {
  if (config.logLevel === 'silent') return false;
  // Secret query values (an invitation's token) never reach the log.
  const serializers = { req: requestForLog };
  if (config.env === 'development') {
    return {
      level: config.logLevel,
      serializers,
      transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } },
    };
  }
  return { level: config.logLevel, serializers };
}

const REQUEST_ID_PREFIX = randomBytes(4).toString('hex');

/**
 * Builds the whole application on an open database, without listening. The caller owns the database unless
 * `ownsDatabase` is set, in which case closing the app closes it.
 */
export async function buildApp(
  config: Config,
  options: {
    database: Database;
    ownsDatabase?: boolean;
    mailer?: Mailer;
  },
): Promise<AppInstance> {
  // Answers kept in memory (the public read cache's, the built app's files) reply before Fastify routes a request;
  // each is handed to the server below once it exists. Until then every request goes to Fastify.
  const fromMemory = serverAnsweringFromMemory();
  let requestCounter = 0;
  const app = Fastify({
    serverFactory: fromMemory.serverFactory,
    logger: loggerOptions(config),
    bodyLimit: BODY_LIMIT,
    // Log correlation only: a per-process prefix and the app's counter cost nothing per request.
    genReqId: () => `${REQUEST_ID_PREFIX}-${(requestCounter += 1).toString(36)}`,
    forceCloseConnections: 'idle',
    // Stopping is answered by the hook below, with the envelope, and lets the sandbox's own calls through.
    return503OnClosing: false,
    trustProxy: config.trustProxy,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', options.database);
  app.decorate('db', options.database.db);
  // The signed links of the mails about an order (docs/decisions/054).
  app.decorate('orderLinks', orderLinks(config.jwtSecret!));
  const mailer = options.mailer ?? createMailer(config, app.log, options.database.db);
  app.decorate('mailer', mailer);
  const uploads = await createUploadStore(config);
  app.decorate('uploads', uploads);
  const redis = config.redisUrl ? createRedis(config.redisUrl, app.log) : undefined;
  app.decorate('redis', redis);
  app.decorate('limits', createLimitStore(redis, app.log));
  app.addHook('onClose', async () => {
    await mailer.close();
    uploads.close();
    if (redis) await closeRedis(redis);
    if (options.ownsDatabase) await options.database.close();
  });

  // HTTP requests to this very server without a socket (the Razorpay sandbox and its webhooks). They go straight
  // to the router rather than through `app.inject`, which refuses to run once the app is closing: a checkout in
  // flight when SIGTERM arrives must still reach the sandbox to finish.
  const internal = randomBytes(16).toString('hex');
  const injectFetch: FetchLike = async (url, init) => {
    const res = await injectRequest((req, raw) => app.routing(req, raw), {
      method: init.method as 'GET' | 'POST',
      url,
      headers: { ...init.headers, [INTERNAL_HEADER]: internal },
      ...(init.body === undefined ? {} : { payload: init.body }),
    });
    return { status: res.statusCode, json: async () => res.json() };
  };

  app.decorate(
    'razorpay',
    razorpayClientFor(config.razorpay, { base: `${API_PREFIX}${SANDBOX_PREFIX}`, inject: injectFetch }),
  );

  // The plugins declare what they need registered before them (docs/architecture.md, "Plugins and their order"):
  // registered out of order, the app fails to start with Fastify's message naming what is missing.
  await app.register(errorHandling);
  registerReadiness(app);
  // The security headers of every answer, worked out once; a page carries the script that chooses its faces, and
  // one rendered here the script that starts the app, each allowed by its hash.
  const headers = securityHeaderSets(config, [APP_START_SCRIPT_HASH, FACE_CHOICE_SCRIPT_HASH]);
  // First of the request hooks: a public read kept in memory is answered before anything else runs.
  await app.register(publicCache, {
    ttlMs: config.publicCacheTtlMs,
    redisUrl: config.redisUrl,
    databaseUrl: config.databaseUrl,
    securityHeaders: headers.of,
  });
  fromMemory.answerFirst(app.earlyAnswer);
  // Before the routes: a read that missed the cache waits its turn for the database (docs/decisions/038).
  await app.register(fairReads);
  // While stopping (SIGTERM), requests already running finish; a new one on a kept-alive connection is told to
  // come back (503, and the connection closes), unless it is one of the server's own calls to its sandbox.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (request, reply) => {
    if (closing && request.headers[INTERNAL_HEADER] !== internal) {
      void reply.header('connection', 'close');
      throw serviceUnavailable('The server is restarting. Please try again in a moment.');
    }
  });
  // A request that was running when the stop came ends its connection with its answer, so that the client (a
  // proxy) sends its next request on a new connection, to another instance, rather than get the 503 above.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) void reply.header('connection', 'close');
    return payload;
  });
  await app.register(securityHeaders, { headers });
  // Before every route: it hooks into each route as it is added.
  await app.register(compression);
  await app.register(docs);
  await app.register(auth, { userOfToken: accessTokenUser(app.db, config.jwtSecret!) });
  await app.register(privateAnswers);
  registerSiteSettings(app);
  // Paid checkouts that neither the browser nor the webhook reported (docs/decisions/026).
  if (config.reconcileIntervalMs > 0) {
    // An order the sweep makes takes copies from the stock, which the books show.
    startReconciliation(app, config.reconcileIntervalMs, {
      onOrdersCreated: () => app.invalidatePublicCache('books'),
    });
  }
  // The outbox's refused mails, tried again, one server at a time (docs/decisions/072).
  if (config.mailOutboxIntervalMs > 0) startMailOutbox(app, config.mailOutboxIntervalMs);
  // The subscription mails: new items and weekly digests, one server at a time (docs/decisions/048).
  if (config.subscriptionsIntervalMs > 0) startSubscriptionSender(app, config.subscriptionsIntervalMs);
  await app.register(inputChecks);
  // Per-route limits (config.rateLimit on a route); the answer is the usual envelope with 429.
  await app.register(rateLimit, {
    global: false,
    store: routeLimitStore(app.limits),
    errorResponseBuilder: () =>
      new AppError(429, 'RATE_LIMITED', 'Too many requests. Please try again later.'),
  });

  await app.register(
    async (api) => {
      const scoped = api.withTypeProvider<ZodTypeProvider>();
      await scoped.register(healthRoutes);
      await scoped.register(booksRoutes);
      await scoped.register(authRoutes);
      await scoped.register(usersRoutes);
      await scoped.register(adminsRoutes);
      await scoped.register(outboxRoutes);
      await scoped.register(memoryRoutes);
      await scoped.register(articlesRoutes);
      await scoped.register(fatwahsRoutes);
      await scoped.register(cartRoutes);
      await scoped.register(cartPricesRoutes);
      await scoped.register(ordersRoutes);
      await scoped.register(billsRoutes);
      await scoped.register(returnsRoutes);
      await scoped.register(codRoutes);
      await scoped.register(couponsRoutes);
      await scoped.register(trackRoutes);
      await scoped.register(emailProofRoutes);
      await scoped.register(paymentsRoutes, { inject: injectFetch, apiPrefix: API_PREFIX });
      await scoped.register(settingsRoutes);
      await scoped.register(subscriptionsRoutes);
      await scoped.register(deliveryRoutes);
    },
    { prefix: API_PREFIX },
  );

  await app.register(uploadedFiles);
  // The public pages with their own head, the sitemap, robots.txt and feeds; then the SPA for every other path.
  const shell = openWebShell(config.webDistDir);
  await app.register(pagesRoutes, { shell });
  await app.register(spa, { shell, notFoundPage });
  // The built app's hashed files, from memory, before Fastify (plugins/asset-answers.ts), after the cache's hits.
  if (shell.indexHtml() !== undefined) {
    const assets = createAssetAnswers(shell.distDir, headers.of);
    app.addHook('preClose', async () => assets.stop());
    fromMemory.answerFirst(assets.answer);
  }
  return app;
}
