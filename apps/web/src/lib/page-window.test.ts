import { describe, expect, it } from 'vitest';
import { deskPages, pageItems, pageParam, pageWindow } from './page-window';

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

const shown = (current: number, total: number) =>
  pageItems(current, total)
    .map((item) => (item === 'gap' ? '...' : String(item)))
    .join(' ');

describe('pageItems', () => {
  it('shows the first and last pages, the current one plus or minus one, and gaps', () => {
    expect(shown(1, 1)).toBe('1');
    expect(shown(5, 10)).toBe('1 ... 4 5 6 ... 10');
    expect(shown(1, 10)).toBe('1 2 ... 10');
    expect(shown(10, 10)).toBe('1 ... 9 10');
    expect(shown(2, 3)).toBe('1 2 3');
    expect(shown(7, 20)).toBe('1 ... 6 7 8 ... 20');
  });

  it('shows a gap even for a single left-out page', () => {
    expect(shown(3, 10)).toBe('1 2 3 4 ... 10');
    expect(shown(4, 10)).toBe('1 ... 3 4 5 ... 10');
    expect(shown(7, 10)).toBe('1 ... 6 7 8 ... 10');
    expect(shown(8, 10)).toBe('1 ... 7 8 9 10');
    expect(shown(1, 3)).toBe('1 2 3');
    expect(shown(1, 4)).toBe('1 2 ... 4');
  });

  it('copes with no pages and with a page beyond the last', () => {
    expect(pageItems(1, 0)).toEqual([]);
    expect(shown(99, 10)).toBe('1 ... 9 10');
  });
});

describe('deskPages', () => {
  it('keeps five pages around the current one, with the first and the last', () => {
    expect(deskPages(1, 3)).toEqual([1, 2, 3]);
    expect(deskPages(2, 40)).toEqual([1, 2, 3, 4, 5, 'gap', 40]);
    expect(deskPages(5, 40)).toEqual([1, 'gap', 3, 4, 5, 6, 7, 'gap', 40]);
    expect(deskPages(8, 40)).toEqual([1, 'gap', 6, 7, 8, 9, 10, 'gap', 40]);
    expect(deskPages(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(deskPages(40, 40)).toEqual([1, 'gap', 36, 37, 38, 39, 40]);
    expect(deskPages(1, 0)).toEqual([]);
  });
});

describe('pageParam', () => {
  it('reads a whole number from 1, and takes anything else for page 1', () => {
    expect(pageParam('3')).toBe(3);
    expect(pageParam('03')).toBe(3);
    for (const value of [null, '', '0', '-2', '1.5', 'x', '1e400', '9007199254740993']) {
      expect(pageParam(value), String(value)).toBe(1);
    }
  });

  it('asks a page past the highest any list is asked for as that page, which is past the last all the same', () => {
    expect(pageParam('1000000')).toBe(1_000_000);
    expect(pageParam('999999999999')).toBe(1_000_000);
  });
});
