import { afterEach, describe, expect, it } from 'vitest';
import { refundPollMs } from './refund-poll';

function nameInterval(content: string) {
  const meta = document.createElement('meta');
  meta.name = 'refund-poll-ms';
  meta.content = content;
  document.head.append(meta);
}

describe('refundPollMs', () => {
  afterEach(() =>
    document.head.querySelectorAll('meta[name="refund-poll-ms"]').forEach((meta) => meta.remove()),
  );

  it("is the page's own interval when the server names none", () => {
    expect(refundPollMs(2000)).toBe(2000);
  });

  it('is the interval the server names in the page', () => {
    nameInterval('500');
    expect(refundPollMs(2000)).toBe(500);
  });

  it("keeps the page's own interval when the named one is not a positive whole number", () => {
    for (const content of ['', 'soon', '0', '-5', '1.5']) {
      nameInterval(content);
      expect(refundPollMs(5000), content).toBe(5000);
      document.head.querySelector('meta[name="refund-poll-ms"]')?.remove();
    }
  });
});
