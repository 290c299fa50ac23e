import type { LotteryDraw } from '@aurum/games';
import { describe, expect, it } from 'vitest';
import { trendNumberText, trendOf, trendPositions } from './trend';

const ssc = (...balls: number[]): LotteryDraw => ({ family: 'ssc', balls });

describe('trendPositions', () => {
  it('gives each family its number grid', () => {
    expect(trendPositions('ssc', null).map((p) => p.key)).toEqual([
      'position-1',
      'position-2',
      'position-3',
      'position-4',
      'position-5',
    ]);
    expect(trendPositions('pk10', null)).toHaveLength(10);
    expect(trendPositions('11x5', null)[0]?.numbers).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(trendPositions('k3', null).map((p) => p.kind)).toEqual(['die', 'die', 'die']);
    expect(trendPositions('lhc', null).map((p) => p.key)).toEqual(['main', 'special']);
    expect(trendPositions('vn', 'mb')).toHaveLength(5);
    expect(trendPositions('vn', 'mn')).toHaveLength(6);
    expect(trendPositions('4d', null)).toHaveLength(4);
    expect(trendPositions('nope', null)).toEqual([]);
  });

  it('reads what a draw shows at a position', () => {
    const [, second] = trendPositions('ssc', null);
    expect(second!.read(ssc(1, 2, 3, 4, 5))).toEqual([2]);
    const [main, special] = trendPositions('lhc', null);
    const lhc: LotteryDraw = { family: 'lhc', balls: [2, 8, 17, 28, 39, 46], special: 25, year: 'horse' };
    expect(main!.read(lhc)).toEqual([2, 8, 17, 28, 39, 46]);
    expect(special!.read(lhc)).toEqual([25]);
    const db = trendPositions('vn', 'mb');
    const d1: LotteryDraw = { family: 'vn', layout: 'mb', tiers: [['90563'], ['12378']] };
    expect(db.map((p) => p.read(d1)[0])).toEqual([9, 0, 5, 6, 3]);
  });
});

describe('trendOf', () => {
  it('counts each number’s frequency and the draws since it last came, newest first', () => {
    const first = trendPositions('ssc', null)[0]!;
    // Newest first: the first digit was 7, 7, 3, 7, 1, 1, 1, 1, 1, 1.
    const draws = [7, 7, 3, 7, 1, 1, 1, 1, 1, 1].map((d) => ssc(d, 0, 0, 0, 0));
    const cells = trendOf(draws, first);
    const cell = (n: number) => cells.find((c) => c.number === n)!;
    expect(cells.map((c) => c.number)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(cell(7)).toEqual({ number: 7, hits: 3, missing: 0, heat: 'hot' });
    expect(cell(3)).toEqual({ number: 3, hits: 1, missing: 2, heat: null });
    expect(cell(1)).toEqual({ number: 1, hits: 6, missing: 4, heat: 'hot' });
    // Not once in the window: missing unknown (at least the window), and cold.
    expect(cell(5)).toEqual({ number: 5, hits: 0, missing: null, heat: 'cold' });
    expect(cells.reduce((s, c) => s + c.hits, 0)).toBe(draws.length);
  });

  it('counts every main number of LHC, and marks nothing hot or cold on a few draws', () => {
    const [main] = trendPositions('lhc', null);
    const lhc: LotteryDraw = { family: 'lhc', balls: [1, 2, 3, 4, 5, 6], special: 7, year: 'horse' };
    const cells = trendOf(Array(10).fill(lhc), main!);
    expect(cells.filter((c) => c.hits === 10).map((c) => c.number)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(cells.find((c) => c.number === 1)?.heat).toBe('hot');
    expect(cells.find((c) => c.number === 7)?.heat).toBe('cold');
    expect(trendOf(Array(9).fill(lhc), main!).every((c) => c.heat === null)).toBe(true);
    expect(trendOf([], main!).every((c) => c.heat === null && c.hits === 0 && c.missing === null)).toBe(true);
  });

  it('writes numbers as the grid does', () => {
    const [ssc1] = trendPositions('ssc', null);
    const [x1] = trendPositions('11x5', null);
    const [pk1] = trendPositions('pk10', null);
    expect(trendNumberText(ssc1!, 3)).toBe('3');
    expect(trendNumberText(x1!, 3)).toBe('03');
    expect(trendNumberText(pk1!, 3)).toBe('03');
  });
});
