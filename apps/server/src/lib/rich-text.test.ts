import { describe, expect, it } from 'vitest';
import { markdownToHtml, sanitizeArticleHtml } from './rich-text';

describe('Markdown as readers are shown it', () => {
  it('renders headings, lists, quotes, links and emphasis', () => {
    const html = markdownToHtml(
      '## What I learned at Arafah\n\n- patience\n- *gratitude*\n\n> a quote\n\nSee [the book](https://example.in/b) **now**.',
    );
    expect(html).toContain('<h2>What I learned at Arafah</h2>');
    expect(html).toMatch(/<ul>\s*<li>patience<\/li>\s*<li><em>gratitude<\/em><\/li>\s*<\/ul>/);
    expect(html).toMatch(/<blockquote>\s*<p>a quote<\/p>\s*<\/blockquote>/);
    expect(html).toContain('<a href="https://example.in/b" rel="noopener noreferrer">the book</a>');
    expect(html).toContain('<strong>now</strong>');
  });

  it('keeps a single line break, and right-to-left text as written', () => {
    expect(markdownToHtml('پہلی سطر\nدوسری سطر')).toBe('<p>پہلی سطر<br />دوسری سطر</p>');
  });

  it('drops scripts, event handlers and javascript: links written into the Markdown', () => {
    const html = markdownToHtml(
      '<script>alert(1)</script>\n\n<img src="x" onerror="alert(1)">\n\n[click](javascript:alert(1)) <b onclick="x">b</b>',
    );
    expect(html).not.toMatch(/script|onerror|onclick|javascript:/i);
    expect(html).toContain('<b>b</b>');
  });

  it('sanitises HTML the same way whether it came from Markdown or not', () => {
    expect(sanitizeArticleHtml('<p onclick="x">a</p><iframe src="https://e.in"></iframe>')).toBe('<p>a</p>');
  });
});
