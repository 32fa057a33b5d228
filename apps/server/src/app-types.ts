import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { LimitStore } from './lib/counters';
import type { OrderLinks } from './lib/order-links';
import type { Mailer } from './mail/mailer';
import type { UploadStore } from './modules/uploads/object-store';
import type { RazorpayClient } from './payments/razorpay-client';

// The decorations `buildApp` adds, declared apart from app.ts so that the modules it registers can use them (and
// the instance type below) without importing the file that imports them.
declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    mailer: Mailer;
    /** Razorpay's API, or the built-in sandbox (RAZORPAY_SANDBOX). */
    razorpay: RazorpayClient;
    /** Where uploads live: DATA_DIR/uploads, or the S3 bucket (S3_BUCKET). */
    uploads: UploadStore;
    /** The Redis shared by the instances of the site (REDIS_URL); undefined without one. */
    redis: Redis | undefined;
    /** Where limits and counters are kept: Redis when there is one, this process otherwise (docs/decisions/028). */
    limits: LimitStore;
    /** The signed links to orders' tracking pages, keyed by this site's secret (docs/decisions/054). */
    orderLinks: OrderLinks;
  }
}

/**
 * The Fastify instance with zod schemas as its type provider: what `buildApp` answers. A route plugin is typed as
 * `FastifyPluginAsyncZod` instead, which hands it this same instance.
 */
export type AppInstance = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;
