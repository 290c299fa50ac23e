import { describe, expect, it } from 'vitest';
import { fitCount } from './category-fit';

describe('fitCount', () => {
  const widths = [60, 70, 80, 90];
  it('keeps every category when all fit (no More button)', () => {
    expect(fitCount(widths, 50, 60 + 70 + 80 + 90 + 3 * 2, 2)).toBe(4);
  });

  it('keeps as many as fit beside the More button, in order', () => {
    // 60 + 70 + gap + gap + More 50 = 184: two fit, the third would not.
    expect(fitCount(widths, 50, 190, 2)).toBe(2);
    expect(fitCount(widths, 50, 299, 2)).toBe(3);
  });

  it('keeps none when only the More button fits', () => {
    expect(fitCount(widths, 50, 60, 2)).toBe(0);
    expect(fitCount(widths, 50, 0, 2)).toBe(0);
  });
});
