import { BlockList, isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { loadOrCreateSecrets } from './lib/secrets';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() !== '' ? value.trim() : undefined));

/** Whether the peer at `hop` (0: the socket's, 1: the last X-Forwarded-For entry, …) is a trusted proxy. */
export type TrustProxyFunction = (address: string, hop: number) => boolean;
export type TrustProxy = false | string[] | TrustProxyFunction;

/** The ranges @fastify/proxy-addr knows by name. */
const NAMED_RANGES = {
  loopback: [
    ['127.0.0.0', 8, 'ipv4'],
    ['::1', 128, 'ipv6'],
  ],
  linklocal: [
    ['169.254.0.0', 16, 'ipv4'],
    ['fe80::', 10, 'ipv6'],
  ],
  uniquelocal: [
    ['10.0.0.0', 8, 'ipv4'],
    ['172.16.0.0', 12, 'ipv4'],
    ['192.168.0.0', 16, 'ipv4'],
    ['fc00::', 7, 'ipv6'],
  ],
} as const;

/** Loopback and private addresses: where a reverse proxy in front of the server connects from. */
const PRIVATE_PEERS = new BlockList();
for (const ranges of Object.values(NAMED_RANGES)) {
  for (const [network, prefix, family] of ranges) PRIVATE_PEERS.addSubnet(network, prefix, family);
}

function isPrivatePeer(address: string): boolean {
  const family = isIP(address);
  return family !== 0 && PRIVATE_PEERS.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

const TRUST_PROXY_HELP =
  'give the number of reverse proxies in front of the server (1 for nginx or Caddy on the same machine) or their addresses (e.g. 127.0.0.1 or 10.0.0.0/8, comma-separated)';

/** An address, an address with a prefix length (CIDR), or one of the named ranges. */
function isProxyAddress(entry: string): boolean {
  if (entry in NAMED_RANGES) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** An address as a number of 32 (IPv4) or 128 (IPv6) bits; the address is one `isIP` accepts. */
function addressValue(address: string): { value: bigint; bits: 32 | 128 } {
  const ipv4 = (text: string) => text.split('.').reduce((n, part) => (n << 8n) | BigInt(Number(part)), 0n);
  if (isIP(address) === 4) return { value: ipv4(address), bits: 32 };
  // No zone (fe80::1%eth0); an IPv4 tail (::ffff:1.2.3.4) as its two groups; `::` as the zero groups it stands for.
  let text = address.replace(/%.*$/, '');
  const tail = /\d+\.\d+\.\d+\.\d+$/.exec(text)?.[0];
  if (tail) {
    const value = ipv4(tail);
    text = `${text.slice(0, -tail.length)}${(value >> 16n).toString(16)}:${(value & 0xffffn).toString(16)}`;
  }
  const [head = '', rest] = text.split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const all =
    rest === undefined
      ? groups(head)
      : [
          ...groups(head),
          ...Array<string>(8 - groups(head).length - groups(rest).length).fill('0'),
          ...groups(rest),
        ];
  return { value: all.reduce((n, group) => (n << 16n) | BigInt(parseInt(group, 16)), 0n), bits: 128 };
}

type Family = 'IPv4' | 'IPv6';
const FAMILY_BITS = { IPv4: 32, IPv6: 128 } as const;

/**
 * The first and last address a TRUST_PROXY entry trusts, as @fastify/proxy-addr reads it: an IPv4-mapped range of
 * at least 96 bits (`::ffff:10.0.0.0/104`) is a range of IPv4 clients (an IPv4 client on an IPv6 socket is read as
 * its IPv4 address).
 */
function trustedRange(address: string, prefix: number | undefined): [Family, bigint, bigint] {
  const { value, bits } = addressValue(address);
  let [family, start, length]: [Family, bigint, number] = [
    bits === 32 ? 'IPv4' : 'IPv6',
    value,
    prefix ?? bits,
  ];
  if (bits === 128 && value >> 32n === 0xffffn && length >= 96) {
    [family, start, length] = ['IPv4', value & 0xffffffffn, length - 96];
  }
  const size = 1n << BigInt(FAMILY_BITS[family] - length);
  start -= start % size;
  return [family, start, start + size - 1n];
}

/**
 * The families (IPv4, IPv6) of which the entries trust every address, alone (`0.0.0.0/0`, `::/0`, `::ffff:0:0/96`)
 * or together (`0.0.0.0/1,128.0.0.0/1`). No IPv6 client has an IPv4-mapped address: that part of the IPv6 space
 * needs no trust.
 */
function familiesTrustedWhole(entries: string[]): Family[] {
  const ranges: [Family, bigint, bigint][] = [['IPv6', 0xffffn << 32n, (0xffffn << 32n) | 0xffffffffn]];
  for (const entry of entries) {
    if (entry in NAMED_RANGES) {
      for (const [network, prefix] of NAMED_RANGES[entry as keyof typeof NAMED_RANGES]) {
        ranges.push(trustedRange(network, prefix));
      }
    } else {
      const [address = '', prefix] = entry.split('/');
      ranges.push(trustedRange(address, prefix === undefined ? undefined : Number(prefix)));
    }
  }
  return (['IPv4', 'IPv6'] as const).filter((family) => {
    let next = 0n;
    const own = ranges.filter(([of]) => of === family).sort(([, a], [, b]) => (a < b ? -1 : a > b ? 1 : 0));
    for (const [, first, last] of own) {
      if (first > next) return false;
      if (last >= next) next = last + 1n;
    }
    return next === 1n << BigInt(FAMILY_BITS[family]);
  });
}

/**
 * TRUST_PROXY (docs/decisions/011): unset, `false`, `no` or `0` trusts no proxy; a whole number is how many proxies
 * stand in front of the server; anything else is a comma-separated list of the proxies' addresses. `true` is
 * refused: it would trust every entry of X-Forwarded-For, which the client writes itself.
 *
 * Fastify no longer takes a hop count (a direct client could write the hops itself), so a count becomes a function
 * that trusts that many hops only when the connection itself comes from a loopback or private address, where a
 * proxy on the same machine or network connects from; a client on the internet that reaches the server directly
 * is never taken at its word.
 */
function parseTrustProxy(value: string | undefined): TrustProxy {
  if (value === undefined) return false;
  const text = value.toLowerCase();
  if (text === 'false' || text === 'no' || text === '0') return false;
  if (text === 'true' || text === 'yes') {
    throw new Error(
      `'${value}' would let any client choose its own address (X-Forwarded-For) and escape the per-address limits; ${TRUST_PROXY_HELP}`,
    );
  }
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > 10) throw new Error(`at most 10 proxies; ${TRUST_PROXY_HELP}`);
    const trust: TrustProxyFunction = (address, hop) => hop < hops && (hop > 0 || isPrivatePeer(address));
    return trust;
  }
  const entries = text.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !isProxyAddress(entry));
  if (bad.length > 0) {
    throw new Error(
      `${bad.map((entry) => `'${entry}'`).join(', ')} is not an address, a CIDR range or a hop count; ${TRUST_PROXY_HELP}`,
    );
  }
  // A range of every address (0.0.0.0/0, ::/0, ::ffff:0:0/96, or ranges that add up to it) is `true` again.
  const whole = familiesTrustedWhole(entries);
  if (whole.length > 0) {
    const list = entries.length === 1 ? `'${value}' trusts` : `'${value}' together trust`;
    throw new Error(
      `${list} every ${whole.join(' and every ')} address as a proxy, which would let any client choose its own address (X-Forwarded-For) and escape the per-address limits; ${TRUST_PROXY_HELP}`,
    );
  }
  return entries;
}

/** The environment variables the server reads (README.md, "Configuration"). */
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
  TRUST_PROXY: optionalText.transform((value, ctx) => {
    try {
      return parseTrustProxy(value);
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: (error as Error).message });
      return z.NEVER;
    }
  }),
  PUBLIC_CACHE_TTL_MS: z.coerce.number().int().min(0).max(3_600_000).optional(),
  RECONCILE_INTERVAL_MS: z.coerce.number().int().min(0).max(86_400_000).optional(),
  SUBSCRIPTIONS_INTERVAL_MS: z.coerce.number().int().min(0).max(86_400_000).optional(),
  MAIL_OUTBOX_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).optional(),
  S3_BUCKET: optionalText,
  S3_ENDPOINT: optionalText.pipe(
    z
      .string()
      .regex(/^https?:\/\/[^/]/, 'S3_ENDPOINT must be a URL starting with http:// or https://')
      .optional(),
  ),
  S3_REGION: optionalText,
  S3_FORCE_PATH_STYLE: booleanFlag.optional(),
  REDIS_URL: optionalText.pipe(
    z
      .string()
      .regex(/^rediss?:\/\//, 'REDIS_URL must start with redis:// or rediss://')
      .optional(),
  ),
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  REFUND_POLL_MS: z.coerce.number().int().min(100).max(60_000).optional(),
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
  /**
   * The key that signs access tokens: JWT_SECRET, else the one kept in DATA_DIR/secrets.json (made there the
   * first time). Set by `loadConfig`; undefined only in a Config written out by hand.
   */
  jwtSecret: string | undefined;
  /** Where `jwtSecret` comes from: only a JWT_SECRET given to every instance is the same on all of them. */
  jwtSecretFrom: 'JWT_SECRET' | 'DATA_DIR';
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
  /**
   * Which peers may say who the client is (X-Forwarded-For), as Fastify's `trustProxy` takes it: false (none), the
   * proxies' addresses, or a hop count as a function (docs/decisions/011).
   */
  trustProxy: TrustProxy;
  /** How long a public read may be answered from memory (0 turns the cache off). */
  publicCacheTtlMs: number;
  /** How often pending checkouts are checked with Razorpay (0 turns the sweep off; docs/decisions/026). */
  reconcileIntervalMs: number;
  /** How often the subscription mails are planned and sent (docs/decisions/048); 0 turns the job off. */
  subscriptionsIntervalMs: number;
  /** How often the outbox's refused mails are tried again (mail/outbox.ts); 0: never (tests drive it). */
  mailOutboxIntervalMs: number;
  /** Undefined: uploads in DATA_DIR/uploads (docs/decisions/027). Credentials are the AWS SDK's own variables. */
  s3: { bucket: string; endpoint: string | undefined; region: string; forcePathStyle: boolean } | undefined;
  /** Redis, shared by the instances of the site (undefined: everything stays in the process). */
  redisUrl: string | undefined;
  /**
   * After SIGTERM, how long the server keeps serving while `/api/ready` answers 503, so that a load balancer stops
   * sending before the listener closes (docs/decisions/029); 0 closes at once.
   */
  shutdownDelayMs: number;
  /**
   * How often the order pages look again at an order whose refund is on its way, handed to the app in its page
   * (plugins/spa.ts). Undefined: the app's own intervals (2 s on the desk). The journeys set it shorter.
   */
  refundPollMs?: number;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

// src/config.ts and the bundled dist/main.js both sit two folders below apps/server's parent.
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/**
 * Reads and checks the environment; throws a ConfigError naming every bad variable. The configuration it returns
 * is complete: every default is filled in, and the signing key is JWT_SECRET or else the one kept in
 * DATA_DIR/secrets.json, which it makes (and DATA_DIR with it) the first time.
 */
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
  // Without a bucket the other S3 variables would be ignored, and each server would keep uploads of its own.
  if (!e.S3_BUCKET && (e.S3_ENDPOINT || e.S3_REGION || e.S3_FORCE_PATH_STYLE !== undefined)) {
    throw new ConfigError(
      'Invalid configuration:\n  S3_ENDPOINT, S3_REGION and S3_FORCE_PATH_STYLE need S3_BUCKET (or unset them to keep uploads in DATA_DIR)',
    );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET ?? loadOrCreateSecrets(dataDir).jwtSecret,
    jwtSecretFrom: e.JWT_SECRET === undefined ? 'DATA_DIR' : 'JWT_SECRET',
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
    trustProxy: e.TRUST_PROXY,
    publicCacheTtlMs: e.PUBLIC_CACHE_TTL_MS ?? 30_000,
    reconcileIntervalMs: e.RECONCILE_INTERVAL_MS ?? 5 * 60 * 1000,
    subscriptionsIntervalMs: e.SUBSCRIPTIONS_INTERVAL_MS ?? 60 * 1000,
    mailOutboxIntervalMs: e.MAIL_OUTBOX_INTERVAL_MS ?? 15 * 1000,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION ?? 'us-east-1',
          forcePathStyle: e.S3_FORCE_PATH_STYLE ?? false,
        }
      : undefined,
    redisUrl: e.REDIS_URL,
    shutdownDelayMs: e.SHUTDOWN_DELAY_MS ?? 0,
    refundPollMs: e.REFUND_POLL_MS,
  };
}
