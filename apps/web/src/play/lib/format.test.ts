import { describe, expect, it } from 'vitest';
import {
  chanceText,
  money,
  multiplier,
  rollText,
  scaled,
  shortMultiplier,
  toWire,
  wireToMinor,
} from './format';

describe('game page figures', () => {
  it('shows money with two decimals, thousands separators and the currency symbol', () => {
    expect(money(123456789n, '$')).toBe('$1,234,567.89');
    expect(money(5n, '¥')).toBe('¥0.05');
    expect(money(-250n, '$')).toBe('-$2.50');
    expect(wireToMinor('1234.50')).toBe(123450n);
    expect(toWire(123450n)).toBe('1234.50');
  });

  it('writes scaled integers exactly, with no float in between', () => {
    expect(scaled(19800, 4)).toBe('1.9800');
    expect(scaled(5, 2)).toBe('0.05');
    expect(scaled(-12345, 2)).toBe('-123.45');
    expect(scaled(7, 0)).toBe('7');
  });

  it('shows multipliers with at least two decimals, more only when they carry something', () => {
    expect(multiplier(19800)).toBe('1.98×');
    expect(multiplier(2000)).toBe('0.20×');
    expect(multiplier(10102)).toBe('1.0102×');
    expect(multiplier(12340)).toBe('1.234×');
    expect(multiplier(8880000)).toBe('888.00×');
    expect(shortMultiplier(58000)).toBe('5.8×');
    expect(shortMultiplier(8880000)).toBe('888×');
    expect(shortMultiplier(2000)).toBe('0.2×');
  });

  it('shows rolls and chances on the 0.00–99.99 scale', () => {
    expect(rollText(0)).toBe('0.00');
    expect(rollText(5421)).toBe('54.21');
    expect(rollText(9999)).toBe('99.99');
    expect(chanceText(4950)).toBe('49.50 %');
  });
});
