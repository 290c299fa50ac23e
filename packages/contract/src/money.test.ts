import { describe, expect, it } from 'vitest';
import { formatMoney, minorToDecimal, parseMoney } from './money.ts';

describe('money', () => {
  it('parses decimal strings into minor units without rounding', () => {
    expect(parseMoney('1234.5')).toBe(123450n);
    expect(parseMoney('0.01')).toBe(1n);
    expect(parseMoney('-7')).toBe(-700n);
    expect(parseMoney('10.')).toBeNull();
    expect(parseMoney('1.234')).toBeNull();
    expect(parseMoney('1e3')).toBeNull();
    expect(parseMoney('abc')).toBeNull();
    expect(parseMoney('99999999999999999')).toBeNull();
  });
  it('writes the wire form and the display form', () => {
    expect(minorToDecimal(123450n)).toBe('1234.50');
    expect(minorToDecimal(-5n)).toBe('-0.05');
    expect(formatMoney(123456780n)).toBe('1,234,567.80');
    expect(formatMoney(0n)).toBe('0.00');
    expect(formatMoney(-100000n)).toBe('-1,000.00');
  });
});
