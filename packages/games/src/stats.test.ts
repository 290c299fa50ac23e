import { describe, expect, it } from 'vitest';
import { chiSquare, chiSquareCritical99, runsTest, serialCorrelation } from './stats.ts';

describe('chi-square', () => {
  it('approximates the 99 % critical values of the chi-square table', () => {
    // Table values: df 10 → 23.209, 100 → 135.807, 1000 → 1106.969.
    expect(chiSquareCritical99(10)).toBeCloseTo(23.209, 1);
    expect(chiSquareCritical99(100)).toBeCloseTo(135.807, 1);
    expect(chiSquareCritical99(1000)).toBeCloseTo(1106.969, 1);
  });

  it('computes Pearson’s statistic against uniform or given probabilities', () => {
    const uniform = chiSquare([10, 20, 30, 40]);
    expect(uniform.statistic).toBeCloseTo(20, 10); // ((15² + 5² + 5² + 15²) / 25)
    expect(uniform.df).toBe(3);
    expect(uniform.pass).toBe(false);
    expect(chiSquare([30, 70], [0.3, 0.7])).toMatchObject({ statistic: 0, pass: true });
  });
});

describe('runs test', () => {
  it('counts runs above and below the median, skipping ties', () => {
    const r = runsTest([1, 1, 0, 0.5, 0, 1, 0], 0.5);
    expect(r.runs).toBe(4);
  });

  it('rejects strict alternation and long blocks', () => {
    const alternating = Array.from({ length: 1000 }, (_, i) => i % 2);
    expect(runsTest(alternating, 0.5).pass).toBe(false);
    const blocks = Array.from({ length: 1000 }, (_, i) => Math.floor(i / 50) % 2);
    expect(runsTest(blocks, 0.5).pass).toBe(false);
  });
});

describe('serial correlation', () => {
  it('is near 1 for a slowly moving sequence and near −1 for a see-saw', () => {
    const ramp = Array.from({ length: 1000 }, (_, i) => i);
    expect(serialCorrelation(ramp).statistic).toBeGreaterThan(0.99);
    expect(serialCorrelation(ramp).pass).toBe(false);
    const seesaw = Array.from({ length: 1000 }, (_, i) => (i % 2 ? 5 : -5));
    expect(serialCorrelation(seesaw).statistic).toBeLessThan(-0.99);
  });

  it('bounds r + 1/n by 2.576 / √n', () => {
    const r = serialCorrelation([1, 2, 3, 4]);
    expect(r.bound).toBeCloseTo(2.5758 / 2, 3);
  });
});
