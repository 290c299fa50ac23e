import { describe, expect, it } from 'vitest';
import { pageItems } from './paging';

const pages = (current: number, total: number) =>
  pageItems(current, total).map((i) => (i.kind === 'page' ? i.page : '…'));

describe('the paginator window (range 2, no margin pages)', () => {
  it('shows every page when there are at most two', () => {
    expect(pages(1, 1)).toEqual([1]);
    expect(pages(2, 2)).toEqual([1, 2]);
    expect(pages(1, 0)).toEqual([]);
  });

  it('keeps the current page with its neighbours and a gap for the rest, no first or last page', () => {
    expect(pages(1, 10)).toEqual([1, 2, '…']);
    expect(pages(2, 10)).toEqual([1, 2, 3, '…']);
    expect(pages(5, 10)).toEqual(['…', 4, 5, 6, '…']);
    expect(pages(9, 10)).toEqual(['…', 8, 9, 10]);
    expect(pages(10, 10)).toEqual(['…', 9, 10]);
  });

  it('clamps a page outside the range', () => {
    expect(pages(99, 3)).toEqual(['…', 2, 3]);
  });
});
