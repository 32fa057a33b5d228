import { describe, expect, it } from 'vitest';
import { pageWindow } from './page-window';

describe('pageWindow', () => {
  it('shows every page when there are at most five', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 4)).toEqual([1, 2, 3, 4]);
    expect(pageWindow(1, 0)).toEqual([]);
  });

  it('public fatwahs: starts at 1 for pages up to 3, then centres on the current page', () => {
    expect(pageWindow(3, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(4, 10)).toEqual([2, 3, 4, 5, 6]);
    expect(pageWindow(7, 10)).toEqual([5, 6, 7, 8, 9]);
    expect(pageWindow(10, 10)).toEqual([6, 7, 8, 9, 10]);
  });

  it('admin fatwahs: starts at 1 for pages up to 2', () => {
    expect(pageWindow(2, 10, { startAtOneUntil: 2 })).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(3, 10, { startAtOneUntil: 2 })).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(4, 10, { startAtOneUntil: 2 })).toEqual([2, 3, 4, 5, 6]);
  });
});
