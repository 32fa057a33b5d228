import { describe, expect, it } from 'vitest';
import { articleHtml, editorMarkdownOf } from './content';

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

describe('editorMarkdownOf', () => {
  it('opens an article as its Markdown when it has one', () => {
    expect(editorMarkdownOf({ markdown: '## Hi\n\n- one', content: '<h2>Hi</h2>' })).toBe('## Hi\n\n- one');
  });

  it('opens plain paragraphs of an older article as paragraphs of escaped text, entities decoded', () => {
    expect(
      editorMarkdownOf({
        markdown: null,
        content:
          '<p>Tom &amp; Jerry</p><p>use &lt;b&gt; for *bold*</p><p>1. not a list</p><p># not a heading</p>',
      }),
    ).toBe('Tom & Jerry\n\nuse \\<b\\> for \\*bold\\*\n\n1\\. not a list\n\n\\# not a heading');
  });

  it('keeps formatted HTML as it is: Markdown shows it as it was', () => {
    const html = '<h2>Title</h2><ul><li>one</li></ul><p>Read <strong>this</strong></p>';
    expect(editorMarkdownOf({ content: html })).toBe(html);
  });
});
