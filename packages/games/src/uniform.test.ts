import { describe, expect, it } from 'vitest';
import { uniformInt } from './uniform.ts';

describe('uniformInt', () => {
  it('rejects the biased top slice and maps the rest', () => {
    // n = 3: 2^32 % 3 = 1, so the single word 2^32 - 1 is rejected.
    const words = [2 ** 32 - 1, 7];
    expect(uniformInt(3, () => words.shift()!)).toBe(1);
  });
  it('covers the whole range', () => {
    let w = 0;
    const seen = new Set<number>();
    for (let i = 0; i < 60; i++) seen.add(uniformInt(6, () => w++));
    expect([...seen].sort()).toEqual([0, 1, 2, 3, 4, 5]);
  });
  it('refuses a range it cannot serve', () => {
    expect(() => uniformInt(0, () => 0)).toThrow(RangeError);
    expect(() => uniformInt(1.5, () => 0)).toThrow(RangeError);
  });
});
