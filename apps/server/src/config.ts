import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() !== '' ? value.trim() : undefined));

/** The environment variables the server reads (DESIGN.md, "Configuration"). */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: optionalText.pipe(z.string().url('PUBLIC_URL must be a URL').optional()),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres://')
      .optional(),
  ),
  JWT_SECRET: optionalText.pipe(z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional()),
  ADMIN_EMAIL: optionalText.pipe(z.string().email('ADMIN_EMAIL must be an email address').optional()),
  ADMIN_PASSWORD: optionalText.pipe(
    z.string().min(8, 'ADMIN_PASSWORD must be at least 8 characters').optional(),
  ),
  ADMIN_NAME: optionalText,
  SEED_DEMO: booleanFlag.optional(),
  RAZORPAY_KEY_ID: optionalText,
  RAZORPAY_KEY_SECRET: optionalText,
  RAZORPAY_WEBHOOK_SECRET: optionalText,
  RAZORPAY_WEBHOOK_SECRET_PREVIOUS: optionalText,
  RAZORPAY_SANDBOX: booleanFlag.optional(),
  RAZORPAY_API_BASE: optionalText.pipe(z.string().url('RAZORPAY_API_BASE must be a URL').optional()),
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp://')
      .optional(),
  ),
  MAIL_FROM: optionalText,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  WEB_DIST_DIR: optionalText,
  TRUST_PROXY: booleanFlag.optional(),
  PUBLIC_CACHE_TTL_MS: z.coerce.number().int().min(0).max(3_600_000).optional(),
});

export type Env = z.input<typeof envSchema>;

/** Test values of the built-in sandbox; never valid at Razorpay itself. */
export const SANDBOX_KEYS = {
  keyId: 'rzp_test_sandbox0000000',
  keySecret: 'sandbox_key_secret_not_for_production',
  webhookSecret: 'sandbox_webhook_secret_not_for_production',
} as const;

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Undefined until the server reads or generates it in DATA_DIR. */
  jwtSecret: string | undefined;
  admin: { email: string; password: string | undefined; name: string } | undefined;
  /** Undefined: seed demo content when the database is empty. */
  seedDemo: boolean | undefined;
  razorpay: {
    sandbox: boolean;
    keyId: string;
    keySecret: string;
    webhookSecret: string;
    /** During a rotation: Razorpay signs retries of older events with the secret they were created under. */
    previousWebhookSecret: string | undefined;
    /** Undefined in sandbox mode: the server's own `/api/payments/sandbox`. */
    apiBase: string | undefined;
  };
  mail: { smtpUrl: string | undefined; from: string };
  logLevel: string;
  webDistDir: string;
  /** Behind a reverse proxy: take the client address from X-Forwarded-For. */
  trustProxy: boolean;
  /** How long a public read may be answered from memory (0 turns the cache off). */
  publicCacheTtlMs: number;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

// src/config.ts and the bundled dist/main.js both sit two folders below apps/server's parent.
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** Reads and checks the environment; throws a ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const sandbox = e.RAZORPAY_SANDBOX ?? e.RAZORPAY_KEY_ID === undefined;
  if (!sandbox && (!e.RAZORPAY_KEY_ID || !e.RAZORPAY_KEY_SECRET || !e.RAZORPAY_WEBHOOK_SECRET)) {
    throw new ConfigError(
      'Invalid configuration:\n  RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET are all required when RAZORPAY_SANDBOX is false',
    );
  }
  // The sandbox settles any payment on request: never where money is real.
  if (sandbox && e.NODE_ENV === 'production') {
    throw new ConfigError(
      e.RAZORPAY_SANDBOX === true
        ? 'Invalid configuration:\n  RAZORPAY_SANDBOX=true is refused with NODE_ENV=production; set RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET instead'
        : 'Invalid configuration:\n  production needs Razorpay keys (RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET)',
    );
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET,
    admin: e.ADMIN_EMAIL
      ? {
          email: e.ADMIN_EMAIL.toLowerCase(),
          password: e.ADMIN_PASSWORD,
          name: e.ADMIN_NAME ?? 'Administrator',
        }
      : undefined,
    seedDemo: e.SEED_DEMO,
    razorpay: {
      sandbox,
      keyId: e.RAZORPAY_KEY_ID ?? SANDBOX_KEYS.keyId,
      keySecret: e.RAZORPAY_KEY_SECRET ?? SANDBOX_KEYS.keySecret,
      webhookSecret: e.RAZORPAY_WEBHOOK_SECRET ?? SANDBOX_KEYS.webhookSecret,
      previousWebhookSecret: e.RAZORPAY_WEBHOOK_SECRET_PREVIOUS,
      apiBase: sandbox ? undefined : (e.RAZORPAY_API_BASE ?? 'https://api.razorpay.com'),
    },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM ?? 'Darul Ilm <no-reply@localhost>' },
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : path.join(REPO_ROOT, 'apps', 'web', 'dist'),
    trustProxy: e.TRUST_PROXY ?? false,
    publicCacheTtlMs: e.PUBLIC_CACHE_TTL_MS ?? 30_000,
  };
}
