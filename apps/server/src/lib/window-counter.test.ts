import { describe, expect, it } from 'vitest';
import { WindowCounter } from './window-counter';

describe('WindowCounter', () => {
  it('counts per key in a window that starts with the first event, and starts again after it', () => {
    const counter = new WindowCounter(3, 1000);
    expect(counter.take('a', 0)).toBe(true);
    expect(counter.take('a', 10)).toBe(true);
    expect(counter.take('a', 20)).toBe(true);
    expect(counter.take('a', 30)).toBe(false);
    expect(counter.isBlocked('a', 999)).toBe(true);
    expect(counter.msUntilReset('a', 400)).toBe(600);
    expect(counter.take('b', 30)).toBe(true);
    expect(counter.isBlocked('a', 1000)).toBe(false);
    expect(counter.take('a', 1000)).toBe(true);
    counter.undo('a', 1001);
    expect(counter.count('a', 1001)).toBe(0);
    counter.add('a', 1002);
    counter.reset('a');
    expect(counter.count('a', 1003)).toBe(0);
  });

  it('keeps at most maxKeys keys, dropping the least recently used', () => {
    const counter = new WindowCounter(5, 60_000, 1000);
    for (let i = 0; i < 5000; i += 1) counter.add(`key-${i}`, 0);
    expect(counter.size).toBe(1000);
    expect(counter.count('key-4999', 1)).toBe(1);
    expect(counter.count('key-0', 1)).toBe(0);
  });
});
