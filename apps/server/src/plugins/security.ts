import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config';
import { APP_START_SCRIPT_HASH } from '../modules/pages/app-start';

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
  const { document, json } = headerSets(config);
  const onJson = new Map(json);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of document) reply.raw.setHeader(name, value);
    done();
  });
  // A JSON answer keeps only what concerns it (see headerSets).
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
}

type Headers = readonly (readonly [string, string])[];

const isJson = (type: unknown) => typeof type === 'string' && type.startsWith('application/json');

/** A JSON answer loads nothing and is framed by no one. */
const JSON_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";
const KEPT_ON_JSON = ['x-content-type-options', 'cross-origin-resource-policy', 'strict-transport-security'];

const computed = new WeakMap<Config, { document: Headers; json: Headers }>();

/**
 * The security headers of this configuration, worked out once: a document's (everything helmet sets), and a JSON
 * answer's (OWASP REST Security Cheat Sheet): a policy under which it loads nothing and is framed by no one, no MIME
 * sniffing, no cross-origin reads (CORP) and HSTS in production. The others concern documents only — a browsing
 * context (COOP, Origin-Agent-Cluster), the requests a page makes (Referrer-Policy), features of old browsers'
 * pages (X-XSS-Protection, X-Download-Options, DNS prefetching, Flash policy files) — and a JSON answer is never
 * one: with `nosniff` a browser shows it as text. docs/decisions/030-the-read-path.md.
 */
function headerSets(config: Config): { document: Headers; json: Headers } {
  let sets = computed.get(config);
  if (sets === undefined) {
    const document = Object.entries(securityHeaders(helmetOptions(config)));
    const json: Headers = [
      ['content-security-policy', JSON_CONTENT_SECURITY_POLICY],
      ['x-frame-options', 'DENY'],
      ...document.filter(([name]) => KEPT_ON_JSON.includes(name)),
    ];
    sets = { document, json };
    computed.set(config, sets);
  }
  return sets;
}

/** The security headers for an answer of this content type (the public read cache sends them with a hit). */
export function securityHeadersOf(config: Config, contentType: string): Headers {
  const sets = headerSets(config);
  return isJson(contentType) ? sets.json : sets.document;
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
        // The one inline script: what starts the app on a page rendered on the server (modules/pages/app-start.ts).
        scriptSrc: ["'self'", APP_START_SCRIPT_HASH, ...(razorpay ? RAZORPAY_ORIGINS.script : [])],
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
