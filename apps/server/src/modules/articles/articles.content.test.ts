import { describe, expect, it } from 'vitest';
import { plainTextOf } from '../../lib/rich-text';
import { excerptOf, hasVisibleContent, toStoredContent } from './articles.content';

describe('toStoredContent', () => {
  it('makes each non-empty line of plain text an escaped paragraph', () => {
    expect(toStoredContent('One\r\n\r\n  Two & "three"  \nFour < five > six')).toBe(
      '<p>One</p><p>Two &amp; &quot;three&quot;</p><p>Four &lt; five &gt; six</p>',
    );
    expect(toStoredContent(' \n \n')).toBe('');
  });

  it('reads lines with inline tags as paragraphs too, and sanitises them', () => {
    expect(toStoredContent('A <em>b</em>\n<b onclick="x()">c</b>')).toBe(
      '<p>A <em>b</em></p><p><b>c</b></p>',
    );
  });

  it('keeps block HTML as it is, sanitised', () => {
    expect(toStoredContent('<h3>T</h3>\n<blockquote>Q</blockquote><div>d</div>')).toBe(
      '<h3>T</h3>\n<blockquote>Q</blockquote>d',
    );
  });

  it('keeps angle brackets that are not HTML tags as text', () => {
    expect(toStoredContent('If x<y and z>w then stop.\nSecond line')).toBe(
      '<p>If x&lt;y and z&gt;w then stop.</p><p>Second line</p>',
    );
    expect(toStoredContent('<script>alert(1)</script> is not run\nok')).toBe('<p> is not run</p><p>ok</p>');
  });

  it('makes each line outside a block a paragraph, and leaves lines inside blocks alone', () => {
    expect(toStoredContent('<h2>Intro</h2>\nLine one\nLine two')).toBe(
      '<h2>Intro</h2>\n<p>Line one</p><p>Line two</p>',
    );
    expect(toStoredContent('<ul>\n<li>a</li>\n</ul>\nAfter')).toBe('<ul>\n<li>a</li>\n</ul>\n<p>After</p>');
    expect(toStoredContent('<p>first\nsecond</p>\nthird')).toBe('<p>first\nsecond</p>\n<p>third</p>');
  });

  it('keeps only http(s) or uploaded images', () => {
    expect(toStoredContent('<p><img src="/api/uploads/demo/a.webp" alt="a"><img src="/etc/x.png"></p>')).toBe(
      '<p><img src="/api/uploads/demo/a.webp" alt="a" /></p>',
    );
  });
});

describe('excerptOf', () => {
  it('is the text itself when short', () => {
    expect(excerptOf('<p>Tom &amp; Jerry</p><p>went&nbsp;out</p>')).toBe('Tom & Jerry went out');
  });

  it('cuts about 200 characters at a word boundary with an ellipsis', () => {
    const words = Array.from({ length: 50 }, (_, i) => `word${i},`).join(' ');
    const excerpt = excerptOf(`<p>${words}</p>`);
    expect(excerpt.length).toBeLessThanOrEqual(201);
    expect(excerpt).toMatch(/word\d+…$/);
    expect(words.startsWith(excerpt.slice(0, -1))).toBe(true);
  });

  it('cuts a single very long word at 200 characters', () => {
    expect(excerptOf(`<p>${'x'.repeat(500)}</p>`)).toBe(`${'x'.repeat(200)}…`);
  });
});

describe('visible content', () => {
  it('counts text or an image, not empty markup', () => {
    expect(hasVisibleContent('<p> </p><br />')).toBe(false);
    expect(hasVisibleContent('<p><img src="https://a.example/x.png" /></p>')).toBe(true);
    expect(plainTextOf('<h2>A</h2><p>B<br />C</p>')).toBe('A B C');
  });
});
