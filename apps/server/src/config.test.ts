import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, SANDBOX_KEYS } from './config';

describe('loadConfig', () => {
  it('has working defaults: port 3000, ./data, embedded database, Razorpay sandbox', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.razorpay).toMatchObject({ sandbox: true, keyId: SANDBOX_KEYS.keyId, apiBase: undefined });
    expect(config.admin).toBeUndefined();
    expect(config.mail.smtpUrl).toBeUndefined();
  });

  it('reads the documented variables', () => {
    const config = loadConfig({
      PORT: '8080',
      PUBLIC_URL: 'https://books.example.org/',
      DATABASE_URL: 'postgres://u:p@db:5432/shop',
      ADMIN_EMAIL: 'Admin@Example.org',
      ADMIN_PASSWORD: 'long-enough-password',
      SEED_DEMO: 'false',
      RAZORPAY_KEY_ID: 'rzp_live_x',
      RAZORPAY_KEY_SECRET: 'secret',
      RAZORPAY_WEBHOOK_SECRET: 'hook',
      SMTP_URL: 'smtp://mail:25',
    });
    expect(config.port).toBe(8080);
    expect(config.publicUrl).toBe('https://books.example.org');
    expect(config.databaseUrl).toBe('postgres://u:p@db:5432/shop');
    expect(config.admin).toEqual({
      email: 'admin@example.org',
      password: 'long-enough-password',
      name: 'Administrator',
    });
    expect(config.seedDemo).toBe(false);
    expect(config.razorpay).toMatchObject({
      sandbox: false,
      keyId: 'rzp_live_x',
      apiBase: 'https://api.razorpay.com',
    });
  });

  it('names every bad variable', () => {
    expect(() => loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', SMTP_URL: 'mail' })).toThrow(
      ConfigError,
    );
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x' });
    } catch (error) {
      expect(String(error)).toContain('PORT');
      expect(String(error)).toContain('DATABASE_URL');
    }
  });

  it('refuses real Razorpay mode without every key, production without keys, and the sandbox in production', () => {
    expect(() => loadConfig({ RAZORPAY_KEY_ID: 'rzp_live_x' })).toThrow(/RAZORPAY_KEY_SECRET/);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/production needs Razorpay keys/);
    const keys = {
      RAZORPAY_KEY_ID: 'rzp_live_x',
      RAZORPAY_KEY_SECRET: 'secret',
      RAZORPAY_WEBHOOK_SECRET: 'hook',
    };
    for (const env of [{}, keys]) {
      expect(() => loadConfig({ NODE_ENV: 'production', RAZORPAY_SANDBOX: 'true', ...env })).toThrow(
        'RAZORPAY_SANDBOX=true is refused with NODE_ENV=production',
      );
    }
    expect(loadConfig({ NODE_ENV: 'production', ...keys }).razorpay.sandbox).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development', RAZORPAY_SANDBOX: 'true', ...keys }).razorpay.sandbox).toBe(
      true,
    );
  });
});
