import { describe, expect, it } from 'vitest';
import { withRefundPoll } from './spa';

const INDEX =
  '<!doctype html><html><head><title>Darul Ilm</title></head><body><div id="root"></div></body></html>';

describe('withRefundPoll', () => {
  it('leaves the page as built when no interval was set', () => {
    expect(withRefundPoll(INDEX, undefined)).toBe(INDEX);
  });

  it('names the interval in the head, for the order pages to read', () => {
    expect(withRefundPoll(INDEX, 500)).toBe(
      '<!doctype html><html><head><title>Darul Ilm</title><meta name="refund-poll-ms" content="500"></head><body><div id="root"></div></body></html>',
    );
  });
});
