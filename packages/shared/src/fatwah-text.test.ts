import { describe, expect, it } from 'vitest';
import { markdownText } from './page-heads';
import { normalizeFatwahReference } from './schemas/fatwahs';

describe('markdownText', () => {
  it('leaves the words of a Markdown answer without its marks, a link with its text', () => {
    expect(
      markdownText(
        '## Ruling\n\n**Yes**, it is *fine*:\n\n- one\n1. two\n\n> quote [link](/fatwah/x) snake_case',
      ),
    ).toBe('Ruling\n\nYes, it is fine:\n\none\ntwo\n\nquote link snake_case');
  });
});

describe('normalizeFatwahReference', () => {
  it('reads a reference with or without the prefix, dashes and zeros', () => {
    for (const typed of ['Q-2026-00031', 'q-2026-31', '2026-31', ' Q 2026 0031 ', '2026/00031']) {
      expect(normalizeFatwahReference(typed), typed).toBe('Q-2026-00031');
    }
    expect(normalizeFatwahReference('Q-2026-123456')).toBe('Q-2026-123456');
  });

  it('is undefined for text that is not a reference', () => {
    for (const typed of ['wudu', '2026', '31', 'Q-26-31', 'zakat 2026-31']) {
      expect(normalizeFatwahReference(typed), typed).toBeUndefined();
    }
  });
});
