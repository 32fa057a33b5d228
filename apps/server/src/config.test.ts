import path from 'node:path';
import Fastify from 'fastify';
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

describe('TRUST_PROXY', () => {
  const trustOf = (value: string | undefined) => loadConfig({ TRUST_PROXY: value }).trustProxy;

  it('trusts no proxy when unset, false, no or 0', () => {
    for (const value of [undefined, '', 'false', 'no', '0', 'FALSE'])
      expect(trustOf(value), value).toBe(false);
  });

  it('refuses true and yes, saying what to give instead', () => {
    for (const value of ['true', 'yes', 'TRUE']) {
      expect(() => trustOf(value), value).toThrow(ConfigError);
      expect(() => trustOf(value), value).toThrow(
        `TRUST_PROXY: '${value}' would let any client choose its own address`,
      );
      expect(() => trustOf(value), value).toThrow('1 for nginx or Caddy on the same machine');
    }
  });

  it('takes a hop count: that many proxies, the nearest one connecting from a loopback or private address', () => {
    const one = trustOf('1');
    expect(typeof one).toBe('function');
    const trust = one as (address: string, hop: number) => boolean;
    for (const proxy of [
      '127.0.0.1',
      '::1',
      '::ffff:127.0.0.1',
      '10.0.0.7',
      '172.17.0.1',
      '192.168.1.2',
      'fd00::2',
    ]) {
      expect(trust(proxy, 0), proxy).toBe(true);
    }
    // A client on the internet reaching the server directly is not a proxy, whatever it writes.
    for (const client of ['203.0.113.9', '2001:db8::1', '::ffff:203.0.113.9'])
      expect(trust(client, 0), client).toBe(false);
    // The address the proxy reports is the client's: not trusted in turn.
    expect(trust('10.0.0.8', 1)).toBe(false);
    const two = trustOf('2') as (address: string, hop: number) => boolean;
    expect([two('127.0.0.1', 0), two('198.51.100.4', 1), two('198.51.100.5', 2)]).toEqual([
      true,
      true,
      false,
    ]);
    expect(() => trustOf('11')).toThrow(/TRUST_PROXY: at most 10 proxies/);
  });

  it("takes the proxies' addresses, CIDR ranges and named ranges, comma-separated", () => {
    expect(trustOf('127.0.0.1')).toEqual(['127.0.0.1']);
    expect(trustOf(' 127.0.0.1, 10.0.0.0/8 ,::1, fd00::/8,loopback ')).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    for (const bad of [
      'nginx',
      '10.0.0.0/33',
      '1.2.3',
      '127.0.0.1,',
      '10.0.0.0/8/1',
      '::1/129',
      '1.2.3.4/x',
    ]) {
      expect(() => trustOf(bad), bad).toThrow(
        /TRUST_PROXY: .* is not an address, a CIDR range or a hop count/,
      );
    }
  });

  it('refuses a range of every address, alone or with others, as it refuses true', () => {
    for (const [value, family] of [
      ['0.0.0.0/0', 'IPv4'],
      ['::/0', 'IPv6'],
      ['10.0.0.0/0', 'IPv4'],
      ['::ffff:1.2.3.4/0', 'IPv6'],
      ['::ffff:0:0/96', 'IPv4'],
      ['::FFFF:0.0.0.0/96', 'IPv4'],
      ['127.0.0.1, 0.0.0.0/0', 'IPv4'],
      ['0.0.0.0/1,128.0.0.0/1', 'IPv4'],
      ['::ffff:0.0.0.0/97,::ffff:128.0.0.0/97', 'IPv4'],
      ['::/1,8000::/1', 'IPv6'],
      ['0.0.0.0/0,::/0', 'IPv4 and every IPv6'],
    ]) {
      expect(() => trustOf(value), value).toThrow(ConfigError);
      expect(() => trustOf(value), value).toThrow(`TRUST_PROXY: '${value}' `);
      expect(() => trustOf(value), value).toThrow(` every ${family} address as a proxy`);
      expect(() => trustOf(value), value).toThrow('would let any client choose its own address');
    }
    // A netmask is not a prefix length: refused as before, whatever it covers.
    expect(() => trustOf('0.0.0.0/0.0.0.0')).toThrow("TRUST_PROXY: '0.0.0.0/0.0.0.0' is not an address");
  });

  it('takes any list short of every address, and Fastify takes each (it fails at start-up on a /0)', () => {
    for (const value of [
      '0.0.0.0',
      '0.0.0.0/1',
      '128.0.0.0/1,0.0.0.0/2',
      '::/1',
      '::ffff:0:0/97',
      '::ffff:0:0/95',
      '::/1,8000::/2,loopback,uniquelocal,linklocal',
      'fe80::1%eth0',
    ]) {
      const trust = trustOf(value);
      expect(Array.isArray(trust), value).toBe(true);
      expect(() => Fastify({ trustProxy: trust as string[] }), value).not.toThrow();
    }
    expect(() => Fastify({ trustProxy: ['0.0.0.0/0'] })).toThrow(/invalid range/);
  });

  it('is named with every other bad variable', () => {
    expect(() => loadConfig({ PORT: 'abc', TRUST_PROXY: 'true' })).toThrow(/PORT[\s\S]*TRUST_PROXY/);
  });
});
