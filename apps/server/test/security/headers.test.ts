import { generateKeyPair, SignJWT } from 'jose';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../support/factories';
import { authHeader, createTestApp, type TestContext } from '../support/app';
import { APP_START_SCRIPT_HASH } from '../../src/modules/pages/app-start';
import { FACE_CHOICE_SCRIPT_HASH } from '../../src/lib/face-choice';

/**
 * Security headers in development and production, the signing algorithm of access tokens, and secrets that must
 * never leave the server. The answers of every route are scanned in authorization.test.ts; refresh-token rotation
 * and the revocation of a whole family on reuse are in modules/auth/auth.test.ts ("tokens").
 */

const PRODUCTION = {
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  RAZORPAY_KEY_ID: 'rzp_live_headers0000000',
  RAZORPAY_KEY_SECRET: 'live_key_secret_of_the_headers_test',
  RAZORPAY_WEBHOOK_SECRET: 'live_webhook_secret_of_the_headers_test',
};

let dev: TestContext;
let prod: TestContext;

beforeAll(async () => {
  [dev, prod] = await Promise.all([createTestApp(), createTestApp(PRODUCTION)]);
});

afterAll(async () => {
  await Promise.all([dev.close(), prod.close()]);
});

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('the Content Security Policy', () => {
  it.each([
    ['development', () => dev],
    ['production', () => prod],
  ])('in %s allows no inline script, eval, plugin or framing by others, on pages', async (_n, app) => {
    // '/books' twice: the second answer is a kept one.
    for (const url of ['/', '/books', '/books', '/no-such-page', '/api/docs']) {
      const res = await app().app.inject({ url });
      const csp = directives(String(res.headers['content-security-policy']));
      const scripts = csp.get('script-src') ?? csp.get('default-src')!;
      expect(scripts, url).toContain("'self'");
      expect(scripts.join(' '), url).not.toMatch(/unsafe-inline|unsafe-eval|unsafe-hashes|\*|data:|http:/);
      expect(csp.get('default-src'), url).toEqual(["'self'"]);
      expect(csp.get('object-src'), url).toEqual(["'none'"]);
      expect(csp.get('base-uri'), url).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors'), url).toEqual(["'self'"]);
      expect(csp.get('form-action'), url).toEqual(["'self'"]);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });

  it.each([
    ['development', () => dev],
    ['production', () => prod],
  ])(
    'in %s lets a JSON answer load nothing and be framed by no one, and leaves out what only pages need',
    async (_n, app) => {
      const page = await app().app.inject({ url: '/books' });
      for (const url of ['/api/books', '/api/books', '/api/no-such-route', '/api/health']) {
        const res = await app().app.inject({ url });
        expect(String(res.headers['content-type']), url).toMatch(/^application\/json/);
        const csp = directives(String(res.headers['content-security-policy']));
        expect(csp.get('default-src'), url).toEqual(["'none'"]);
        expect(csp.get('frame-ancestors'), url).toEqual(["'none'"]);
        expect(res.headers['x-frame-options'], url).toBe('DENY');
        expect(res.headers['x-content-type-options'], url).toBe('nosniff');
        expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
        expect(res.headers['strict-transport-security'], url).toBe(page.headers['strict-transport-security']);
        for (const name of [
          'cross-origin-opener-policy',
          'referrer-policy',
          'x-xss-protection',
          'origin-agent-cluster',
        ]) {
          expect(page.headers[name], name).toBeDefined();
          expect(res.headers[name], `${url} ${name}`).toBeUndefined();
        }
      }
    },
  );

  it('opens Razorpay Checkout only when real payments are on, and upgrades requests in production', async () => {
    const devCsp = directives(
      String((await dev.app.inject({ url: '/' })).headers['content-security-policy']),
    );
    const prodCsp = directives(
      String((await prod.app.inject({ url: '/' })).headers['content-security-policy']),
    );
    // Besides the site itself, the inline scripts that start the app on a rendered page and choose a page's faces,
    // by their hashes.
    expect(devCsp.get('script-src')).toEqual(["'self'", APP_START_SCRIPT_HASH, FACE_CHOICE_SCRIPT_HASH]);
    expect(prodCsp.get('script-src')).toEqual([
      "'self'",
      APP_START_SCRIPT_HASH,
      FACE_CHOICE_SCRIPT_HASH,
      'https://checkout.razorpay.com',
    ]);
    expect(prodCsp.has('upgrade-insecure-requests')).toBe(true);
    expect(devCsp.has('upgrade-insecure-requests')).toBe(false);
  });

  it('the SPA page itself has no inline script, which the policy would block', () => {
    const html = fs.readFileSync(path.resolve(import.meta.dirname, '../../../web/index.html'), 'utf8');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc=/);
      expect(body!.trim()).toBe('');
    }
    expect(html).not.toMatch(/\son[a-z]+\s*=/i);
  });
});

describe('Strict-Transport-Security', () => {
  it('is sent in production, for a year with subdomains', async () => {
    for (const url of ['/', '/api/health']) {
      const res = await prod.app.inject({ url });
      expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
    }
  });

  it('is not sent in development or tests (it would pin localhost to HTTPS)', async () => {
    for (const url of ['/', '/api/health']) {
      expect((await dev.app.inject({ url })).headers['strict-transport-security'], url).toBeUndefined();
    }
  });
});

describe('production', () => {
  it('has no sandbox: the fake Razorpay API and its "Pay" button do not exist', async () => {
    for (const [method, url] of [
      ['POST', '/api/payments/sandbox/orders/order_x/pay'],
      ['POST', '/api/payments/sandbox/v1/orders'],
      ['GET', '/api/payments/sandbox/checkout.js'],
    ] as const) {
      const res = await prod.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      expect(res.statusCode, url).toBe(404);
    }
    const config = await prod.app.inject({ url: '/api/payments/checkout-config' });
    expect(config.json().data).toEqual({
      scriptUrl: 'https://checkout.razorpay.com/v1/checkout.js',
      sandbox: false,
    });
  });

  it('never shows a Razorpay secret, and shows the key id only where Checkout needs it', async () => {
    const answers = await Promise.all(
      ['/', '/api/health', '/api/payments/checkout-config', '/api/docs/json', '/api/books'].map((url) =>
        prod.app.inject({ url }),
      ),
    );
    for (const res of answers) {
      expect(res.body).not.toContain(PRODUCTION.RAZORPAY_KEY_SECRET);
      expect(res.body).not.toContain(PRODUCTION.RAZORPAY_WEBHOOK_SECRET);
      expect(res.body).not.toContain(prod.config.jwtSecret!);
    }
  });
});

describe('the access token algorithm is pinned to HS256', () => {
  const claims = (role: 'user' | 'admin', sub: string) => ({ role, sub, iss: 'darul-ilm' });
  const me = (ctx: TestContext, token: string) =>
    ctx.app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
  const key = () => new TextEncoder().encode(dev.config.jwtSecret);

  it('accepts its own HS256 token', async () => {
    const user = await createUser(dev.database.db);
    const res = await dev.app.inject({ url: '/api/auth/me', headers: await authHeader(dev, user) });
    expect(res.statusCode).toBe(200);
  });

  it('refuses "alg": "none", HS512 and HS384 with the right secret, and RS256', async () => {
    const admin = await createUser(dev.database.db, { role: 'admin' });
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const exp = Math.floor(Date.now() / 1000) + 600;
    const unsigned = `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ ...claims('admin', admin.id), exp })}.`;
    const hs512 = await new SignJWT({ role: 'admin' })
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject(admin.id)
      .setIssuer('darul-ilm')
      .setExpirationTime('10m')
      .sign(key());
    const hs384 = await new SignJWT({ role: 'admin' })
      .setProtectedHeader({ alg: 'HS384' })
      .setSubject(admin.id)
      .setIssuer('darul-ilm')
      .setExpirationTime('10m')
      .sign(key());
    const { privateKey } = await generateKeyPair('RS256');
    const rs256 = await new SignJWT({ role: 'admin' })
      .setProtectedHeader({ alg: 'RS256' })
      .setSubject(admin.id)
      .setIssuer('darul-ilm')
      .setExpirationTime('10m')
      .sign(privateKey);
    for (const [name, token] of Object.entries({ unsigned, hs512, hs384, rs256 })) {
      const res = await me(dev, token);
      expect(res.statusCode, name).toBe(401);
      expect(res.json(), name).toMatchObject({ success: false, code: 'TOKEN_INVALID' });
      // Nor does such a token open an admin route.
      const desk = await dev.app.inject({
        url: '/api/orders/admin/all',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(desk.statusCode, name).toBe(401);
    }
  });

  it('refuses a token signed with another secret, of another issuer, expired, or with a changed role', async () => {
    const user = await createUser(dev.database.db);
    const sign = (secret: Uint8Array, issuer: string, expires: string | number) =>
      new SignJWT({ role: 'user' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(user.id)
        .setIssuer(issuer)
        .setExpirationTime(expires)
        .sign(secret);
    const other = await sign(
      new TextEncoder().encode('another-secret-that-is-long-enough-000000'),
      'darul-ilm',
      '10m',
    );
    const issuer = await sign(key(), 'someone-else', '10m');
    const expired = await sign(key(), 'darul-ilm', Math.floor(Date.now() / 1000) - 10);
    const own = (await authHeader(dev, user)).authorization.slice('Bearer '.length);
    const [header, , signature] = own.split('.');
    const payload = JSON.parse(Buffer.from(own.split('.')[1]!, 'base64url').toString()) as object;
    const promoted = `${header}.${Buffer.from(JSON.stringify({ ...payload, role: 'admin' })).toString('base64url')}.${signature}`;
    for (const [name, token] of Object.entries({ other, issuer, expired, promoted })) {
      expect((await me(dev, token)).statusCode, name).toBe(401);
    }
  });
});
