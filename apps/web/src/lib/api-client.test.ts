import { afterEach, describe, expect, it, vi } from 'vitest';
import { CancelledError } from '@tanstack/react-query';
import {
  api,
  ApiError,
  apiResponse,
  isAbortError,
  setSessionExpiredHandler,
  toQueryString,
} from './api-client';
import { tokens } from './storage';
import { SubmissionKeys } from './submission-keys';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('toQueryString', () => {
  it('leaves out empty values and repeats array keys', () => {
    expect(toQueryString({ page: 2, search: '', status: undefined, tags: ['a', 'b'] })).toBe(
      '?page=2&tags=a&tags=b',
    );
    expect(toQueryString({})).toBe('');
  });
});

describe('api', () => {
  it('attaches the stored access token and answers the body', async () => {
    tokens.save('access-1', 'refresh-1');
    const fetchMock = vi.fn(async () => json(200, { success: true, data: [1] }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(api('/books')).resolves.toEqual({ success: true, data: [1] });
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer access-1');
  });

  it("throws the server's sentence, else the default", async () => {
    vi.stubGlobal('fetch', async () =>
      json(404, { success: false, error: 'Book not found', code: 'BOOK_NOT_FOUND' }),
    );
    await expect(api('/books/x', { fallbackError: 'Cannot get book' })).rejects.toMatchObject({
      message: 'Book not found',
      status: 404,
      code: 'BOOK_NOT_FOUND',
    });
    vi.stubGlobal('fetch', async () => new Response('gateway down', { status: 502 }));
    const error = await api('/books', { fallbackError: 'Cannot get books' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Cannot get books');
  });

  it('refreshes once on 401, shares the refresh between concurrent calls, and retries', async () => {
    tokens.save('old-access', 'refresh-1');
    let refreshCalls = 0;
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      if (url.endsWith('/auth/refresh-token')) {
        refreshCalls += 1;
        return json(200, { success: true, data: { accessToken: 'new-access', refreshToken: 'refresh-2' } });
      }
      const auth = (init.headers as Record<string, string>).authorization;
      return auth === 'Bearer new-access'
        ? json(200, { success: true, data: 'ok' })
        : json(401, { success: false });
    });
    const results = await Promise.all([api('/auth/me'), api('/cart'), api('/addresses/1')]);
    expect(results.every((r) => (r as { data: string }).data === 'ok')).toBe(true);
    expect(refreshCalls).toBe(1);
    expect(tokens.refresh()).toBe('refresh-2');
  });
});

describe('apiResponse', () => {
  it('downloads a file with the token, refreshing once on 401 and retrying', async () => {
    tokens.save('expired-access', 'refresh-1');
    const calls: { url: string; auth: string | undefined }[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      if (url.endsWith('/auth/refresh-token')) {
        calls.push({ url, auth: undefined });
        return json(200, { success: true, data: { accessToken: 'fresh-access', refreshToken: 'refresh-2' } });
      }
      const auth = (init.headers as Record<string, string>).authorization;
      calls.push({ url, auth });
      return auth === 'Bearer fresh-access'
        ? new Response('Order Number\r\nORD-1\r\n', {
            status: 200,
            headers: {
              'content-type': 'text/csv; charset=utf-8',
              'content-disposition': 'attachment; filename="orders_export_2026-11-22.csv"',
            },
          })
        : json(401, { success: false, error: 'Token expired', code: 'TOKEN_EXPIRED' });
    });
    const res = await apiResponse('/orders/admin/export-csv', { query: { status: 'pending' } });
    expect(await (await res.blob()).text()).toBe('Order Number\r\nORD-1\r\n');
    expect(res.headers.get('content-disposition')).toContain('orders_export_2026-11-22.csv');
    expect(calls).toEqual([
      { url: '/api/orders/admin/export-csv?status=pending', auth: 'Bearer expired-access' },
      { url: '/api/auth/refresh-token', auth: undefined },
      { url: '/api/orders/admin/export-csv?status=pending', auth: 'Bearer fresh-access' },
    ]);
    expect(tokens.refresh()).toBe('refresh-2');
  });

  it("throws the server's sentence, else the default, and ends the session when the refresh fails", async () => {
    tokens.save('access-1', 'refresh-1');
    vi.stubGlobal('fetch', async () =>
      json(400, { success: false, error: 'Not a real date', code: 'VALIDATION_ERROR' }),
    );
    await expect(
      apiResponse('/orders/admin/export-csv', { fallbackError: 'Failed to export CSV file' }),
    ).rejects.toMatchObject({ message: 'Not a real date', status: 400 });
    vi.stubGlobal('fetch', async () => new Response('gateway down', { status: 502 }));
    await expect(
      apiResponse('/orders/admin/export-csv', { fallbackError: 'Failed to export CSV file' }),
    ).rejects.toMatchObject({ message: 'Failed to export CSV file', status: 502 });

    const expired = vi.fn();
    setSessionExpiredHandler(expired);
    vi.stubGlobal('fetch', async () => json(401, { success: false, error: 'Session expired', code: 'X' }));
    await expect(apiResponse('/orders/admin/export-csv')).rejects.toMatchObject({ status: 401 });
    expect(expired).toHaveBeenCalledTimes(1);
    expect(tokens.access()).toBeNull();
  });
});

describe("a form's Idempotency-Key", () => {
  /** Answers `statuses` in turn (a thrown TypeError for 0, as fetch does when the network fails). */
  function answering(statuses: number[]) {
    const keys: (string | null)[] = [];
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      keys.push(new Headers(init.headers).get('idempotency-key'));
      const status = statuses.shift() ?? 201;
      if (status === 0) throw new TypeError('Failed to fetch');
      return json(status, status < 400 ? { success: true } : { success: false, error: 'x', code: 'X' });
    });
    return keys;
  }

  it('is the same for the same body after a network failure or a server error, and new once it succeeded', async () => {
    tokens.clear();
    const keys = answering([0, 503, 201, 201]);
    const submission = new SubmissionKeys();
    const send = (body: object) => api('/addresses', { method: 'POST', body, submission });
    await expect(send({ city: 'Kolkata' })).rejects.toThrow('Failed to fetch');
    await expect(send({ city: 'Kolkata' })).rejects.toMatchObject({ status: 503 });
    await send({ city: 'Kolkata' });
    await send({ city: 'Kolkata' });
    expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{1,100}$/);
    expect(keys.slice(0, 3)).toEqual([keys[0], keys[0], keys[0]]);
    expect(keys[3]).not.toBe(keys[0]);
  });

  it('is new when the body changed, and never sent without a form', async () => {
    tokens.clear();
    const keys = answering([400, 400, 201]);
    const submission = new SubmissionKeys();
    await api('/addresses', { method: 'POST', body: { city: 'Kolkat' }, submission }).catch(() => undefined);
    await api('/addresses', { method: 'POST', body: { city: 'Kolkata' }, submission }).catch(() => undefined);
    await api('/addresses', { method: 'POST', body: { city: 'Kolkata' } });
    expect(keys[1]).not.toBe(keys[0]);
    expect(keys[2]).toBeNull();
  });
});

describe('isAbortError', () => {
  it('knows a fetch aborted by its signal and a cancelled query', async () => {
    const controller = new AbortController();
    vi.stubGlobal('fetch', (_: string, init: RequestInit) => {
      return new Promise((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    });
    const call = api('/fatwahs/categories', { signal: controller.signal });
    controller.abort();
    const error = await call.catch((e: unknown) => e);
    expect(isAbortError(error)).toBe(true);
    expect(isAbortError(new CancelledError())).toBe(true);
  });

  it('leaves real failures alone', () => {
    expect(isAbortError(new ApiError('Failed to fetch fatwahs', 500, 'INTERNAL'))).toBe(false);
    expect(isAbortError(new TypeError('Failed to fetch'))).toBe(false);
    expect(isAbortError(undefined)).toBe(false);
    expect(isAbortError('AbortError')).toBe(false);
  });
});

describe('the page language', () => {
  afterEach(() => {
    window.history.replaceState(null, '', '/');
  });

  const localeSent = async (pathname: string) => {
    window.history.replaceState(null, '', pathname);
    const fetchMock = vi.fn(async () => json(200, { success: true, data: null }));
    vi.stubGlobal('fetch', fetchMock);
    await api('/payment/create-order', { method: 'POST', body: {} });
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    return (init.headers as Record<string, string>)['x-site-locale'];
  };

  it("goes with every call, taken from the page's address", async () => {
    expect(await localeSent('/ur/checkout')).toBe('ur');
    expect(await localeSent('/bn/fatwah/ask')).toBe('bn');
    expect(await localeSent('/checkout')).toBe('en');
    expect(await localeSent('/urdu-books')).toBe('en');
  });
});
