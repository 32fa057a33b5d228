import { describe, expect, it } from 'vitest';
import { isSpaRoute } from './routes';

describe('isSpaRoute', () => {
  it('knows the screens, with their parameters', () => {
    for (const path of [
      '/',
      '/cart',
      '/dashboard',
      '/order-details/x',
      '/book/0190b0a0-0000-7000-8000-000000000000',
      '/payment/success',
      '/payment/pay_123',
      '/reset-password/abc',
      '/admin/articles/edit/1',
      '/fatwahs',
    ])
      expect(isSpaRoute(path), path).toBe(true);
  });

  it('ignores a trailing slash and the case of the letters, as the router does', () => {
    expect(isSpaRoute('/cart/')).toBe(true);
    expect(isSpaRoute('/Admin/Dashboard')).toBe(true);
  });

  it('refuses anything else', () => {
    for (const path of [
      '/no-such-page',
      '/book',
      '/book/1/2',
      '/order-details',
      '/admin',
      '/admin/orders',
      '/dashboard/orders',
      '/favicon.ico',
    ])
      expect(isSpaRoute(path), path).toBe(false);
  });
});
