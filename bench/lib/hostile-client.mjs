// The HTTP client of the hostile-load benchmark (bench/hostile.mjs): one request at a time from a chosen loopback
// source address, with a deadline, and the tallies the report is made of. Linux routes all of 127.0.0.0/8 to the
// loopback interface, so each source address is a different client address to the server.
import http from 'node:http';

/** A request that has not finished after this long is destroyed and counts as a timeout (a failure). */
export const REQUEST_TIMEOUT_MS = 10_000;

const agents = new Map();

/** One kept-alive connection pool per source address (`keepAlive: false`: a new connection per request). */
export function agentFor(localAddress, { keepAlive = true, maxSockets = 64 } = {}) {
  const key = `${localAddress}/${keepAlive}`;
  let agent = agents.get(key);
  if (!agent) {
    agent = new http.Agent({ keepAlive, maxSockets, localAddress });
    agents.set(key, agent);
  }
  return agent;
}

export function closeAgents() {
  for (const agent of agents.values()) agent.destroy();
  agents.clear();
}

/**
 * Sends one request and reads the whole answer. Never throws: a timeout, a refused or broken connection comes back
 * as `status: 'timeout'` or `status: 'error'` with the error's code.
 *
 * @param {string} base - `http://127.0.0.1:port`
 * @param {{ method?: string, path: string, headers?: Record<string, string>, body?: unknown,
 *           localAddress: string, agent?: http.Agent, timeoutMs?: number }} options
 * @returns {Promise<{ status: number | 'timeout' | 'error', ms: number, headers: http.IncomingHttpHeaders,
 *           body: string, error?: string }>}
 */
export function send(base, { method = 'GET', path, headers = {}, body, localAddress, agent, timeoutMs }) {
  const url = new URL(path, base);
  const payload = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
  const started = performance.now();
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ headers: {}, body: '', ...result, ms: performance.now() - started });
    };
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method,
        path: `${url.pathname}${url.search}`,
        localAddress,
        agent: agent ?? agentFor(localAddress),
        headers: {
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
          ...headers,
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () =>
          finish({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString() }),
        );
        res.on('error', (error) => finish({ status: 'error', error: error.code ?? error.message }));
      },
    );
    const timer = setTimeout(() => {
      finish({ status: 'timeout' });
      req.destroy();
    }, timeoutMs ?? REQUEST_TIMEOUT_MS);
    req.on('error', (error) => finish({ status: 'error', error: error.code ?? error.message }));
    req.end(payload);
  });
}

/** Sends and parses a JSON answer; throws unless the status is the expected one. For the set-up steps. */
export async function sendJson(base, options, expected = [200, 201]) {
  const res = await send(base, options);
  if (!expected.includes(res.status)) {
    throw new Error(
      `${options.method ?? 'GET'} ${options.path}: ${res.status} ${res.error ?? res.body.slice(0, 300)}`,
    );
  }
  return JSON.parse(res.body);
}

/**
 * Tallies of a stream of answers: status counts, the kinds of 5xx (a 503 with Retry-After is the server's
 * deliberate refusal; anything else is a failure), latencies and completions per second.
 */
/** The delay of the server's tarpit (TARPIT.delayMs in apps/server/src/plugins/errors.ts). */
export const TARPIT_DELAY_MS = 1000;

export class Tally {
  constructor(startedAt = performance.now()) {
    this.startedAt = startedAt;
    this.statuses = {};
    this.serverErrors = {};
    this.latencies = [];
    this.refusals = [];
    this.refusalsWithoutRetryAfter = 0;
    this.perSecond = [];
    this.errors = {};
  }

  add(res) {
    const status = String(res.status);
    this.statuses[status] = (this.statuses[status] ?? 0) + 1;
    if (res.status === 'error') this.errors[res.error] = (this.errors[res.error] ?? 0) + 1;
    if (typeof res.status === 'number' && res.status >= 500) {
      const kind = res.status === 503 && res.headers['retry-after'] ? '503+Retry-After' : status;
      this.serverErrors[kind] = (this.serverErrors[kind] ?? 0) + 1;
    }
    // A timeout stands for the whole time it was given.
    this.latencies.push(res.status === 'timeout' ? REQUEST_TIMEOUT_MS : res.ms);
    if (res.status === 429 || res.status === 503) {
      this.refusals.push(res.ms);
      if (!res.headers['retry-after']) this.refusalsWithoutRetryAfter += 1;
    }
    const second = Math.floor((performance.now() - this.startedAt) / 1000);
    this.perSecond[second] = (this.perSecond[second] ?? 0) + 1;
  }

  get count() {
    return this.latencies.length;
  }

  /** A plain object (it crosses from the attacker's thread), with the latencies reduced to percentiles. */
  summary() {
    return {
      count: this.count,
      statuses: this.statuses,
      serverErrors: this.serverErrors,
      errors: this.errors,
      latency: percentiles(this.latencies),
      refusalLatency: percentiles(this.refusals),
      refusalsWithoutRetryAfter: this.refusalsWithoutRetryAfter,
      // Those the server did not slow on purpose (a client that keeps coming back after 30 refusals in 10 s gets
      // its refusals a second late: plugins/errors.ts).
      promptRefusalLatency: percentiles(this.refusals.filter((ms) => ms < TARPIT_DELAY_MS)),
      perSecond: Array.from(this.perSecond, (n) => n ?? 0),
    };
  }
}

/** p50, p99 and max in ms (undefined for an empty list). */
export function percentiles(values) {
  if (values.length === 0) return undefined;
  const sorted = Float64Array.from(values).sort();
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  return { count: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted[sorted.length - 1] };
}
