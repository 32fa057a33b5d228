import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config';

const RAZORPAY_ORIGINS = {
  script: ['https://checkout.razorpay.com'],
  connect: ['https://api.razorpay.com', 'https://lumberjack.razorpay.com'],
  frame: ['https://api.razorpay.com', 'https://checkout.razorpay.com'],
};

/**
 * Security headers. The CSP allows no inline script: the built SPA loads only its own hashed files. Inline
 * styles stay allowed: index.html carries the app's stylesheet in a `<style>` element (apps/web/vite.config.ts)
 * and the notification library sets its own; Razorpay's origins only when real payments are on.
 *
 * The headers are the same for every answer (no nonces), so helmet works them out once at start and each answer
 * gets the finished list, rather than helmet parsing its whole configuration again for every request.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const headers = securityHeadersFor(config);
  const api = new Map(apiSecurityHeadersFor(config));
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
  // A JSON answer keeps only what concerns it (see apiSecurityHeadersFor).
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (isJson(reply.getHeader('content-type'))) {
      for (const [name] of headers) {
        const value = api.get(name);
        if (value === undefined) reply.raw.removeHeader(name);
        else reply.raw.setHeader(name, value);
      }
    }
    done(null, payload);
  });
}

const isJson = (type: unknown) => typeof type === 'string' && type.startsWith('application/json');

/**
 * What a JSON answer needs of the security headers (OWASP REST Security Cheat Sheet): a policy under which it loads
 * nothing and is framed by no one, no MIME sniffing, no cross-origin reads (CORP) and HSTS in production. The
 * others concern documents only — a browsing context (COOP, Origin-Agent-Cluster), the requests a page makes
 * (Referrer-Policy), features of old browsers' pages (X-XSS-Protection, X-Download-Options, DNS prefetching, Flash
 * policy files) — and a JSON answer is never one: with `nosniff` a browser shows it as text. Pages, feeds, images
 * and every other answer keep the whole set. docs/decisions/030-the-read-path.md.
 */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";
const KEPT_ON_JSON = ['x-content-type-options', 'cross-origin-resource-policy', 'strict-transport-security'];

const apiComputed = new WeakMap<Config, readonly (readonly [string, string])[]>();

/** The security headers of a JSON answer of this configuration, worked out once (the public read cache sends them). */
export function apiSecurityHeadersFor(config: Config): readonly (readonly [string, string])[] {
  let headers = apiComputed.get(config);
  if (headers === undefined) {
    headers = [
      ['content-security-policy', API_CONTENT_SECURITY_POLICY],
      ['x-frame-options', 'DENY'],
      ...securityHeadersFor(config).filter(([name]) => KEPT_ON_JSON.includes(name)),
    ];
    apiComputed.set(config, headers);
  }
  return headers;
}

/** The security headers for an answer of this content type. */
export function securityHeadersOf(
  config: Config,
  contentType: string,
): readonly (readonly [string, string])[] {
  return isJson(contentType) ? apiSecurityHeadersFor(config) : securityHeadersFor(config);
}

const computed = new WeakMap<Config, readonly (readonly [string, string])[]>();

/** The headers every answer of this configuration carries, worked out once (the public read cache sends them too). */
export function securityHeadersFor(config: Config): readonly (readonly [string, string])[] {
  let headers = computed.get(config);
  if (headers === undefined) {
    headers = Object.entries(securityHeaders(helmetOptions(config)));
    computed.set(config, headers);
  }
  return headers;
}

/** What helmet sets on a response, captured from one run of its middleware. */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  let failure: unknown;
  helmet(options)({} as never, recorder, (error?: unknown) => {
    failure = error;
  });
  if (failure)
    throw failure instanceof Error ? failure : new Error('helmet refused its options', { cause: failure });
  return headers;
}

function helmetOptions(config: Config): HelmetOptions {
  const razorpay = !config.razorpay.sandbox;
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(razorpay ? RAZORPAY_ORIGINS.script : [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        mediaSrc: ["'self'"],
        connectSrc: ["'self'", ...(razorpay ? RAZORPAY_ORIGINS.connect : [])],
        frameSrc: ["'self'", ...(razorpay ? RAZORPAY_ORIGINS.frame : [])],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        ...(config.env === 'production' ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity:
      config.env === 'production' ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  };
}
