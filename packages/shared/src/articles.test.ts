import { describe, expect, it } from 'vitest';
import { excerptRepeatsText, isArticleImageUrl, looksLikeHtml } from './articles';

describe('looksLikeHtml', () => {
  it('is true for tags of real HTML elements and for character references', () => {
    for (const text of [
      '<p>a</p>',
      'a <strong>b</strong>',
      'line<br/>',
      '<BR>',
      '<a href="x">x</a>',
      'Tom &amp; Jerry',
      '&#39;',
      '<h2 class="x">T</h2>',
    ]) {
      expect(looksLikeHtml(text), text).toBe(true);
    }
  });

  it('is false for plain text with angle brackets or ampersands', () => {
    for (const text of [
      'If x<y and z>w then stop.',
      'a < b > c',
      '<3 this book',
      'Tom & Jerry',
      '<y>',
      '<pp>',
      '5 <= 6',
    ]) {
      expect(looksLikeHtml(text), text).toBe(false);
    }
  });
});

describe('isArticleImageUrl', () => {
  it('takes http(s) URLs and uploaded paths, nothing else', () => {
    expect(isArticleImageUrl('https://example.org/a.jpg')).toBe(true);
    expect(isArticleImageUrl('/api/uploads/demo/a.webp')).toBe(true);
    expect(isArticleImageUrl('/api/uploads/../secrets.json')).toBe(false);
    expect(isArticleImageUrl('javascript:alert(1)')).toBe(false);
    expect(isArticleImageUrl('//evil.example/a.jpg')).toBe(false);
  });
});

describe('excerptRepeatsText', () => {
  it('is true when the excerpt is the whole or nearly the whole text', () => {
    expect(excerptRepeatsText('Short text.', 'Short text.')).toBe(true);
    expect(
      excerptRepeatsText(
        'A short note on patience and gratitude',
        'A short note on patience and gratitude, briefly.',
      ),
    ).toBe(true);
    expect(excerptRepeatsText('First line Second line', 'First line\nSecond line')).toBe(true);
    expect(excerptRepeatsText('Tom & Jerry…', 'Tom & Jerry!')).toBe(true);
    expect(excerptRepeatsText('', 'Any text')).toBe(true);
  });

  it('is false for a written summary, or the opening of a long text', () => {
    expect(excerptRepeatsText('A summary in other words.', 'Short text.')).toBe(false);
    const long = Array.from({ length: 80 }, (_, i) => `word${i}`).join(' ');
    expect(excerptRepeatsText(`${long.slice(0, 200)}…`, long)).toBe(false);
  });
});
