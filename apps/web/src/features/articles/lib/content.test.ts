import { describe, expect, it } from 'vitest';
import { articleHtml, editorTextOf } from './content';

describe('articleHtml', () => {
  it('removes what the server would have removed, should it ever get through', () => {
    const html = articleHtml(
      '<p onclick="x()">Hi<script>alert(1)</script><img src="https://a.example/x.png" onerror="alert(2)"></p>' +
        '<a href="javascript:alert(3)">link</a><iframe src="https://evil.example"></iframe><style>p{}</style>',
    );
    expect(html).not.toMatch(/script|onclick|onerror|javascript|iframe|style/i);
    expect(html).toContain('<img src="https://a.example/x.png">');
  });

  it('turns line breaks inside a text into <br>, not the layout between blocks', () => {
    expect(articleHtml('<p>one\ntwo</p>\n<p>three</p>')).toBe('<p>one<br>two</p>\n<p>three</p>');
    expect(articleHtml('<p>\n  edge\n</p>')).toBe('<p>edge</p>');
    expect(articleHtml('<p>First</p><p>Second</p>')).toBe('<p>First</p><p>Second</p>');
  });

  it('gives links rel="noopener noreferrer"', () => {
    expect(articleHtml('<p><a href="https://x.example">x</a></p>')).toBe(
      '<p><a href="https://x.example" rel="noopener noreferrer">x</a></p>',
    );
  });
});

describe('editorTextOf', () => {
  it('gives each plain paragraph as a line, entities decoded', () => {
    expect(editorTextOf('<p>Tom &amp; Jerry</p><p>Second line</p>')).toBe('Tom & Jerry\nSecond line');
  });

  it('keeps the HTML of each line when a paragraph carries formatting or text that looks like a tag', () => {
    expect(editorTextOf('<p>Read <strong>this</strong></p><p>a &amp; b</p>')).toBe(
      'Read <strong>this</strong>\na &amp; b',
    );
    expect(editorTextOf('<p>use &lt;b&gt; for bold</p>')).toBe('use &lt;b&gt; for bold');
  });

  it('gives angle brackets that are no HTML tag back as typed', () => {
    expect(editorTextOf('<p>If x&lt;y and z&gt;w then stop.</p><p>Next</p>')).toBe(
      'If x<y and z>w then stop.\nNext',
    );
  });

  it('leaves content with other blocks as HTML', () => {
    const html = '<h2>Title</h2><ul><li>one</li></ul>';
    expect(editorTextOf(html)).toBe(html);
  });
});
