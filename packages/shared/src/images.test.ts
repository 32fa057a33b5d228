import { describe, expect, it } from 'vitest';
import { resolveImageUrl } from './images';

describe('resolveImageUrl', () => {
  const origin = 'https://shop.example';

  it('keeps full URLs', () => {
    expect(resolveImageUrl('https://cdn.example/a.jpg', origin)).toBe('https://cdn.example/a.jpg');
    expect(resolveImageUrl('http://x.example/b.png', origin)).toBe('http://x.example/b.png');
    expect(resolveImageUrl('data:image/png;base64,AAAA', origin)).toBe('data:image/png;base64,AAAA');
  });

  it('prefixes /api/uploads/ paths with the server origin', () => {
    expect(resolveImageUrl('/api/uploads/cover.webp', origin)).toBe(
      'https://shop.example/api/uploads/cover.webp',
    );
    expect(resolveImageUrl('/api/uploads/cover.webp')).toBe('/api/uploads/cover.webp');
  });

  it('turns uploads/... into /api/uploads/...', () => {
    expect(resolveImageUrl('uploads/books/a.png', origin)).toBe(
      'https://shop.example/api/uploads/books/a.png',
    );
  });

  it('turns a bare name into /api/uploads/{name}', () => {
    expect(resolveImageUrl('a.png')).toBe('/api/uploads/a.png');
    expect(resolveImageUrl('a.png', `${origin}/`)).toBe('https://shop.example/api/uploads/a.png');
  });

  it('keeps other site-relative paths on the origin', () => {
    expect(resolveImageUrl('/images/placeholder.svg')).toBe('/images/placeholder.svg');
  });

  it('answers null when there is no image', () => {
    expect(resolveImageUrl('')).toBeNull();
    expect(resolveImageUrl('   ')).toBeNull();
    expect(resolveImageUrl(undefined)).toBeNull();
  });
});
