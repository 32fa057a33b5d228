import { API_BASE, SITE_LOCALE_HEADER, splitLocale, type ApiTransport } from '@scholar/shared';
import { CancelledError } from '@tanstack/react-query';
import { tokens } from './storage';
import type { SubmissionKeys } from './submission-keys';

export { API_BASE, type ApiTransport };

/** A failed call: `message` is the server's `error` sentence, else the caller's default. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly details?: { path: string; message: string }[],
  ) {
    super(message);
  }
}

type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** Headers of the call itself, such as a refund's `Idempotency-Key`. */
  headers?: Record<string, string>;
  /** A form's keys: the call carries an `Idempotency-Key`, the same again while its body is the same. */
  submission?: SubmissionKeys;
  /** The message when the server gives none. */
  fallbackError?: string;
  /**
   * How the call reaches the API: the browser's `fetch` unless given. A page rendered on the server hands its
   * route loaders the server's own (entry-server.tsx), which they pass on to each read.
   */
  transport?: ApiTransport;
}

/** `?a=1&tags=x&tags=y`: empty values are left out, arrays become repeated keys. */
export function toQueryString(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

let onSessionExpired: () => void = () => {
  window.location.assign('/login');
};

/** What happens when the session cannot be refreshed (the auth feature sends the visitor to /login). */
export function setSessionExpiredHandler(handler: () => void): void {
  onSessionExpired = handler;
}

let refreshing: Promise<boolean> | null = null;

/** One refresh at a time: concurrent 401s wait for the same call. */
function refreshSession(): Promise<boolean> {
  refreshing ??= (async () => {
    const refreshToken = tokens.refresh();
    if (!refreshToken) return false;
    try {
      const res = await fetch(`${API_BASE}/auth/refresh-token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refreshToken }),
      });
      if (!res.ok) return false;
      const body = (await res.json()) as { data?: { accessToken?: string; refreshToken?: string } };
      if (!body.data?.accessToken || !body.data.refreshToken) return false;
      tokens.save(body.data.accessToken, body.data.refreshToken);
      return true;
    } catch {
      return false;
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** The browser's way to the API, looked up when a call is made (tests stub the global `fetch`). */
const browserFetch: ApiTransport = (url, init) => fetch(url, init);

/**
 * The language of the page a call comes from (its address: `/ur/…` is Urdu), which the server keeps for the mails
 * it sends later; none on the server's own render, which places no orders.
 */
function pageLocale(): string | undefined {
  if (typeof window === 'undefined') return undefined;
  return splitLocale(window.location.pathname).locale;
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  const locale = pageLocale();
  if (locale) headers[SITE_LOCALE_HEADER] = locale;
  const access = tokens.access();
  if (access) headers.authorization = `Bearer ${access}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  return (options.transport ?? browserFetch)(`${API_BASE}${path}${toQueryString(options.query)}`, {
    method: options.method ?? 'GET',
    headers,
    body,
    signal: options.signal,
  });
}

/** Sends a call; a 401 triggers one token refresh and one retry, and when that fails the session ends. */
async function sendWithRefresh(path: string, options: RequestOptions): Promise<Response> {
  const res = await send(path, options);
  if (res.status !== 401 || !tokens.refresh()) return res;
  if (await refreshSession()) return send(path, options);
  tokens.clear();
  onSessionExpired();
  return res;
}

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function toApiError(res: Response, json: unknown, options: RequestOptions): ApiError {
  const failure = (json ?? {}) as { error?: string; code?: string; details?: ApiError['details'] };
  return new ApiError(
    failure.error ?? options.fallbackError ?? 'An unexpected error occurred',
    res.status,
    failure.code ?? 'HTTP_ERROR',
    failure.details,
  );
}

/**
 * Calls the API and answers the parsed JSON body. A 401 triggers one token refresh and one retry; when that
 * fails the session ends. Any failure throws an ApiError carrying the server's sentence. With `submission`, the
 * call carries the form's `Idempotency-Key` for this body, which a success spends.
 */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const key = options.submission?.keyFor(JSON.stringify(options.body ?? null));
  const res = await sendWithRefresh(
    path,
    key ? { ...options, headers: { ...options.headers, 'Idempotency-Key': key } } : options,
  );
  const json = await readJson(res);
  if (!res.ok || (json as { success?: boolean } | null)?.success === false) {
    throw toApiError(res, json, options);
  }
  if (key) options.submission?.succeeded(key);
  return json as T;
}

/**
 * Calls the API for a file (the CSV export) and answers the response, to read as a Blob: the same token, refresh
 * and ApiError as `api`.
 */
export async function apiResponse(path: string, options: RequestOptions = {}): Promise<Response> {
  const res = await sendWithRefresh(path, options);
  if (!res.ok) throw toApiError(res, await readJson(res), options);
  return res;
}

/**
 * A call the page itself gave up on: the visitor left while it was in flight (the query lost its last screen and
 * was cancelled, aborting its fetch). Nothing went wrong, so nothing is logged or shown.
 */
export function isAbortError(error: unknown): boolean {
  if (error instanceof CancelledError) return true;
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

/** The message to show for a failure: the server's sentence, else the given default. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.message;
  return fallback;
}
