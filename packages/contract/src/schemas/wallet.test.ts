import { describe, expect, it } from 'vitest';
import {
  amountSchema,
  idempotencyKeySchema,
  MAX_AMOUNT_MINOR,
  signedAmountSchema,
  TX_TYPE,
} from './wallet.ts';

describe('wallet schemas', () => {
  it('parses positive decimal strings of at most two decimals into minor units', () => {
    expect(amountSchema.parse('10')).toBe(1000n);
    expect(amountSchema.parse('10.5')).toBe(1050n);
    expect(amountSchema.parse('0.01')).toBe(1n);
    expect(amountSchema.parse('100000000000.00')).toBe(MAX_AMOUNT_MINOR / 100n);
    expect(amountSchema.parse('10000000000000')).toBe(MAX_AMOUNT_MINOR);
  });

  it.each([
    ['negative', '-1.00'],
    ['zero', '0'],
    ['zero with decimals', '0.00'],
    ['three decimals', '1.005'],
    ['an exponent', '1e3'],
    ['text', 'ten'],
    ['a plus sign', '+5'],
    ['empty', ''],
    ['above the limit', '10000000000000.01'],
    ['far above the limit', '99999999999999999999'],
    ['NaN', 'NaN'],
    ['Infinity', 'Infinity'],
  ])('refuses %s', (_what, text) => {
    expect(amountSchema.safeParse(text).success).toBe(false);
  });

  it('refuses numbers: money travels as strings', () => {
    expect(amountSchema.safeParse(10).success).toBe(false);
    expect(amountSchema.safeParse(0.1).success).toBe(false);
  });

  it('takes signed amounts for adjustments, never zero', () => {
    expect(signedAmountSchema.parse('-25.5')).toBe(-2550n);
    expect(signedAmountSchema.parse('25')).toBe(2500n);
    expect(signedAmountSchema.safeParse('0').success).toBe(false);
    expect(signedAmountSchema.safeParse('-10000000000000.01').success).toBe(false);
  });

  it('accepts idempotency keys of safe characters only', () => {
    expect(idempotencyKeySchema.safeParse('bet:round-42.a_1').success).toBe(true);
    expect(idempotencyKeySchema.safeParse('').success).toBe(false);
    expect(idempotencyKeySchema.safeParse('-starts-with-dash').success).toBe(false);
    expect(idempotencyKeySchema.safeParse('has space').success).toBe(false);
    expect(idempotencyKeySchema.safeParse('x'.repeat(129)).success).toBe(false);
  });

  it('keeps transaction type ids unique', () => {
    const ids = Object.values(TX_TYPE);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
