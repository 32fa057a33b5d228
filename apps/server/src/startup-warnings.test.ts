import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { EMBEDDED_IN_PRODUCTION, KEY_PER_INSTANCE, startupWarnings } from './startup-warnings';

const base = { PUBLIC_URL: 'https://shop.example.in', RAZORPAY_SANDBOX: 'true' };

describe('start-up warnings', () => {
  it('warns of the embedded database in production and of a signing key per instance with Redis', () => {
    expect(startupWarnings(loadConfig({ ...base, NODE_ENV: 'development' }))).toEqual([]);
    expect(
      startupWarnings({
        env: 'production',
        databaseUrl: undefined,
        redisUrl: undefined,
        jwtSecret: 'x'.repeat(32),
      }),
    ).toEqual([EMBEDDED_IN_PRODUCTION]);
    const redisWithoutKey = loadConfig({ ...base, REDIS_URL: 'redis://127.0.0.1:6390' });
    expect(startupWarnings(redisWithoutKey)).toEqual([KEY_PER_INSTANCE]);
    const redisWithKey = loadConfig({
      ...base,
      REDIS_URL: 'redis://127.0.0.1:6390',
      JWT_SECRET: 'a-shared-secret-that-is-long-enough-for-hs256',
    });
    expect(startupWarnings(redisWithKey)).toEqual([]);
  });
});
