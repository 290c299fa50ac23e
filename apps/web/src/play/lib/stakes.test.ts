import { describe, expect, it } from 'vitest';
import { chipValues, nearestStep, stakeLadder } from './stakes';

describe('stake steps', () => {
  it('climbs 1-2-5 between the limits in whole multiples of the minimum, limits included', () => {
    expect(stakeLadder(20n, 10_000n)).toEqual([20n, 40n, 100n, 200n, 500n, 1000n, 2000n, 5000n, 10_000n]);
    expect(stakeLadder(10n, 50_000n)).toEqual([
      10n,
      20n,
      50n,
      100n,
      200n,
      500n,
      1000n,
      2000n,
      5000n,
      10_000n,
      20_000n,
      50_000n,
    ]);
    expect(stakeLadder(30n, 100n)).toEqual([30n, 60n, 100n]);
    expect(stakeLadder(0n, 100n)).toEqual([]);
  });

  it('offers table chips up to the maximum bet', () => {
    expect(chipValues(100n, 100_000n)).toEqual([100n, 500n, 1000n, 2500n, 10_000n, 50_000n]);
    expect(chipValues(100n, 2000n)).toEqual([100n, 500n, 1000n]);
  });

  it('starts from the step at or below the wanted stake', () => {
    expect(nearestStep([20n, 100n, 200n], 150n)).toBe(100n);
    expect(nearestStep([20n, 100n, 200n], 5n)).toBe(20n);
  });
});
