import { describe, expect, it } from 'vitest';
import { localeAlternates, localizePath, splitLocale } from './locales';

describe('addresses in a language', () => {
  it('reads the language from the prefix, English without one', () => {
    expect(splitLocale('/ur/books')).toEqual({ locale: 'ur', path: '/books' });
    expect(splitLocale('/ur')).toEqual({ locale: 'ur', path: '/' });
    expect(splitLocale('/ur/')).toEqual({ locale: 'ur', path: '/' });
    expect(splitLocale('/bn/fatwah/123')).toEqual({ locale: 'bn', path: '/fatwah/123' });
    expect(splitLocale('/books')).toEqual({ locale: 'en', path: '/books' });
    // Only a whole first segment is a prefix.
    expect(splitLocale('/urdu-books')).toEqual({ locale: 'en', path: '/urdu-books' });
    expect(splitLocale('/')).toEqual({ locale: 'en', path: '/' });
  });

  it('puts an address in a language, and back', () => {
    expect(localizePath('ur', '/books?page=2')).toBe('/ur/books?page=2');
    expect(localizePath('bn', '/')).toBe('/bn');
    expect(localizePath('bn', '/?x=1')).toBe('/bn?x=1');
    expect(localizePath('en', '/books')).toBe('/books');
    for (const path of ['/', '/books', '/fatwah/1']) {
      expect(splitLocale(localizePath('ur', path)).path).toBe(path);
    }
  });

  it('names the page in every language and x-default', () => {
    expect(localeAlternates('https://site.example', '/about')).toEqual([
      { hreflang: 'en-IN', href: 'https://site.example/about' },
      { hreflang: 'ur', href: 'https://site.example/ur/about' },
      { hreflang: 'bn', href: 'https://site.example/bn/about' },
      { hreflang: 'x-default', href: 'https://site.example/about' },
    ]);
  });
});
