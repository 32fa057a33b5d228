import { describe, expect, it } from 'vitest';
import { escapeHtml, escapeXml, jsonLdText, summarize } from './markup';

describe('escapeHtml', () => {
  it('escapes the five characters that can end text or an attribute', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});

describe('escapeXml', () => {
  it('escapes markup and drops characters XML 1.0 does not allow', () => {
    expect(escapeXml(`Tom's <b>&\u0000\u0007\u001F\uFFFE "x"\t\n`)).toBe(
      'Tom&apos;s &lt;b&gt;&amp; &quot;x&quot;\t\n',
    );
  });

  it('keeps whole surrogate pairs and drops lone halves', () => {
    expect(escapeXml('a\uD83D\uDCD6b\uD83Dc\uDCD6d')).toBe('a\uD83D\uDCD6bcd');
  });
});

describe('jsonLdText', () => {
  it('cannot end the script it sits in, and parses back to the same data', () => {
    const data = { headline: '</script><script>alert(1)</script> & <!-- \u2028' };
    const text = jsonLdText(data);
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(text)).toEqual(data);
  });
});

describe('summarize', () => {
  it('puts text on one line', () => {
    expect(summarize('  One\n\n two\tthree  ')).toBe('One two three');
  });

  it('cuts long text at a word, with an ellipsis, within the limit', () => {
    const text = 'word '.repeat(50);
    const short = summarize(text, 30);
    expect(short).toBe('word word word word word word…');
    expect(short.length).toBeLessThanOrEqual(30);
  });

  it('never splits a surrogate pair', () => {
    expect(summarize('📖'.repeat(20), 10)).toBe('📖📖📖📖…');
  });
});
