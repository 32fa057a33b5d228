import type { ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config';

const RAZORPAY_ORIGINS = {
  script: ['https://checkout.razorpay.com'],
  connect: ['https://api.razorpay.com', 'https://lumberjack.razorpay.com'],
  frame: ['https://api.razorpay.com', 'https://checkout.razorpay.com'],
};

type Headers = readonly (readonly [string, string])[];

/** The security headers of a configuration, worked out once (`securityHeaderSets`). */
export interface SecurityHeaderSets {
  /** A document's: everything helmet sets. */
  readonly document: Headers;
  /** A JSON answer's. */
  readonly json: Headers;
  /** The set for an answer of this content type (the public read cache and the asset answers send it with a hit). */
  readonly of: (contentType: string) => Headers;
}

/**
 * Security headers on every answer, as `headers` (made by `securityHeaderSets`) has them: a document's set at the
 * start of each request, and a JSON answer's in place of it when the answer turns out to be JSON.
 */
export const securityHeaders = fp<{ headers: SecurityHeaderSets }>(
  async (app, { headers }) => {
    const { document, json } = headers;
    const onJson = new Map(json);
    app.addHook('onRequest', (_request, reply, done) => {
      for (const [name, value] of document) reply.raw.setHeader(name, value);
      done();
    });
    // A JSON answer keeps only what concerns it (see securityHeaderSets).
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (isJson(reply.getHeader('content-type'))) {
        for (const [name] of document) {
          const value = onJson.get(name);
          if (value === undefined) reply.raw.removeHeader(name);
          else reply.raw.setHeader(name, value);
        }
      }
      done(null, payload);
    });
  },
  { name: 'security-headers', fastify: '5.x' },
);

const isJson = (type: unknown) => typeof type === 'string' && type.startsWith('application/json');

/** A JSON answer loads nothing and is framed by no one. */
const JSON_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";
const KEPT_ON_JSON = ['x-content-type-options', 'cross-origin-resource-policy', 'strict-transport-security'];

/**
 * The security headers of this configuration, worked out once: a document's (everything helmet sets), and a JSON
 * answer's (OWASP REST Security Cheat Sheet): a policy under which it loads nothing and is framed by no one, no MIME
 * sniffing, no cross-origin reads (CORP) and HSTS in production. The others concern documents only — a browsing
 * context (COOP, Origin-Agent-Cluster), the requests a page makes (Referrer-Policy), features of old browsers'
 * pages (X-XSS-Protection, X-Download-Options, DNS prefetching, Flash policy files) — and a JSON answer is never
 * one: with `nosniff` a browser shows it as text. docs/decisions/030-the-read-path.md.
 *
 * The headers are the same for every answer (no nonces), so helmet works them out once at start and each answer
 * gets the finished list, rather than helmet parsing its whole configuration again for every request.
 * `inlineScriptHashes` are the `script-src` sources of the inline scripts pages may carry (modules/pages).
 */
export function securityHeaderSets(
  config: Config,
  inlineScriptHashes: readonly string[],
): SecurityHeaderSets {
  const document = Object.entries(helmetHeaders(helmetOptions(config, inlineScriptHashes)));
  const json: Headers = [
    ['content-security-policy', JSON_CONTENT_SECURITY_POLICY],
    ['x-frame-options', 'DENY'],
    ...document.filter(([name]) => KEPT_ON_JSON.includes(name)),
  ];
  return { document, json, of: (contentType) => (isJson(contentType) ? json : document) };
}

/** What helmet sets on a response, captured from one run of its middleware. */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
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

/**
 * The CSP allows no inline script but those of `inlineScriptHashes`: the built SPA loads only its own hashed files.
 * Inline styles stay allowed: index.html carries the app's stylesheet in a `<style>` element
 * (apps/web/vite.config.ts) and the notification library sets its own; Razorpay's origins only when real payments
 * are on.
 */
function helmetOptions(config: Config, inlineScriptHashes: readonly string[]): HelmetOptions {
  const razorpay = !config.razorpay.sandbox;
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // The inline scripts by their hashes: what starts the app on a page rendered on the server.
        scriptSrc: ["'self'", ...inlineScriptHashes, ...(razorpay ? RAZORPAY_ORIGINS.script : [])],
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
