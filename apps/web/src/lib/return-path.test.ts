import { describe, expect, it } from 'vitest';
import { safeReturnPath, withQueryValue, withReturnPath } from './return-path';

describe('safeReturnPath', () => {
  it('follows a path of this site, with its query and fragment', () => {
    expect(safeReturnPath('/cart')).toBe('/cart');
    expect(safeReturnPath('/dashboard?tab=orders')).toBe('/dashboard?tab=orders');
    expect(safeReturnPath('/fatwah?search=salah&page=2#top')).toBe('/fatwah?search=salah&page=2#top');
    expect(safeReturnPath('/a/../checkout')).toBe('/checkout');
  });

  it('refuses anything that could leave the site (an open redirect)', () => {
    for (const value of [
      'https://evil.example/',
      '//evil.example',
      '///evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      'javascript:alert(1)',
      'evil.example',
      ' /cart',
      '',
      null,
      undefined,
    ]) {
      expect(safeReturnPath(value), String(value)).toBeUndefined();
    }
  });

  it('never returns to a sign-in page', () => {
    expect(safeReturnPath('/login')).toBeUndefined();
    expect(safeReturnPath('/login?redirect=/cart')).toBeUndefined();
    expect(safeReturnPath('/register')).toBeUndefined();
    expect(safeReturnPath('/admin/login')).toBeUndefined();
  });
});

describe('withReturnPath', () => {
  it('puts the path in ?redirect=, encoded, or leaves the page alone', () => {
    expect(withReturnPath('/login', '/dashboard?tab=orders')).toBe(
      '/login?redirect=%2Fdashboard%3Ftab%3Dorders',
    );
    expect(withReturnPath('/login', '/cart')).toBe('/login?redirect=%2Fcart');
    expect(withReturnPath('/login', '//evil.example')).toBe('/login');
    expect(withReturnPath('/login', undefined)).toBe('/login');
  });
});

describe('withQueryValue', () => {
  it("sets one key of a path's query, keeping the others", () => {
    expect(withQueryValue('/addresses/new', 'returnTo', '/checkout')).toBe(
      '/addresses/new?returnTo=%2Fcheckout',
    );
    expect(withQueryValue('/checkout?step=1#top', 'address', 'a b')).toBe('/checkout?step=1&address=a+b#top');
    expect(withQueryValue('/checkout?address=old', 'address', 'new')).toBe('/checkout?address=new');
  });
});
