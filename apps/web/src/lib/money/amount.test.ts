import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import {
  amountInputText,
  amountMinor,
  amountProblemText,
  checkAmount,
  quickAmounts,
  wireLimits,
  wireToMinor,
} from './amount';
import { FUNDS_NS } from './texts';

describe('checkAmount', () => {
  const limits = wireLimits({ min: '10.00', max: '20000.00' });

  it('accepts what the server accepts, typed as the member likes', () => {
    expect(checkAmount('10', limits)).toBeNull();
    expect(checkAmount(' 99.5 ', limits)).toBeNull();
    expect(checkAmount('10.50', limits)).toBeNull();
    expect(checkAmount('20000.00', limits)).toBeNull();
    expect(checkAmount('0.01')).toBeNull();
  });

  it('refuses empty, malformed, signed, three-decimal and zero amounts', () => {
    expect(checkAmount('', limits)).toEqual({ key: 'required' });
    expect(checkAmount('   ', limits)).toEqual({ key: 'required' });
    for (const bad of ['-5', '+5', '1.234', '1.005', 'abc', '1e3', '12,50', '1,000']) {
      expect(checkAmount(bad, limits), bad).toEqual({ key: 'invalid' });
    }
    expect(checkAmount('0', limits)).toEqual({ key: 'positive' });
    expect(checkAmount('0.00')).toEqual({ key: 'positive' });
  });

  it('says which limit is passed, in minor units: the range, then what the paying wallet holds', () => {
    expect(checkAmount('9.99', limits)).toEqual({ key: 'belowMin', limit: 1000n });
    expect(checkAmount('20000.01', limits)).toEqual({ key: 'aboveMax', limit: 2000000n });
    const withBalance = wireLimits({ min: '10.00', max: '20000.00', available: '120.50' });
    expect(checkAmount('500', withBalance)).toEqual({ key: 'overBalance', limit: 12050n });
    expect(checkAmount('120.50', withBalance)).toBeNull();
    expect(checkAmount('50.01', { available: 5_000n })).toEqual({ key: 'overBalance', limit: 5_000n });
  });

  it('leaves out limits that are absent or unreadable', () => {
    expect(wireLimits({ min: null, max: undefined, available: 'n/a' })).toEqual({
      min: null,
      max: null,
      available: null,
    });
    expect(checkAmount('999999', wireLimits({ max: null }))).toBeNull();
  });

  it('reads huge amounts without floats', () => {
    expect(amountMinor('9999999999999999.99')).toBe(999999999999999999n);
    expect(checkAmount('9999999999999999.99', limits)).toEqual({ key: 'aboveMax', limit: 2000000n });
  });

  it('reads wire amounts and typed amounts apart: a typed amount is positive and unsigned', () => {
    expect(wireToMinor('-12.50')).toBe(-1250n);
    expect(wireToMinor(null)).toBeNull();
    expect(amountMinor('-12.50')).toBeNull();
    expect(amountMinor('0')).toBeNull();
    expect(amountMinor('12.5')).toBe(1250n);
  });
});

describe('amountProblemText', () => {
  const t = i18next.getFixedT('en', FUNDS_NS);

  it('names the passed limit with the currency symbol', () => {
    expect(amountProblemText(t, { key: 'belowMin', limit: 1000n }, '$')).toBe('The minimum is $10.00.');
    expect(amountProblemText(t, { key: 'aboveMax', limit: 2000000n }, '$')).toBe(
      'The maximum is $20,000.00.',
    );
    expect(amountProblemText(t, { key: 'overBalance', limit: 12050n }, '$')).toBe(
      'That is more than the $120.50 available.',
    );
    expect(amountProblemText(t, { key: 'positive' }, '$')).toBe('The amount must be more than zero.');
    expect(amountProblemText(t, { key: 'required' }, '$')).toBe('Enter an amount.');
  });
});

describe('quickAmounts', () => {
  it('offers round amounts inside the range, spread when there are many', () => {
    expect(quickAmounts(5000n, 50000n)).toEqual([5000n, 10000n, 20000n, 50000n]);
    const wide = quickAmounts(1000n, 2000000n);
    expect(wide).toHaveLength(6);
    expect(wide[0]).toBe(1000n);
    expect(wide.at(-1)).toBe(2000000n);
    expect(wide.every((v) => v >= 1000n && v <= 2000000n)).toBe(true);
    expect(quickAmounts(1000n, 2000000n, 1)).toEqual([1000n]);
  });

  it('offers the bounds of a range too narrow for round amounts, nothing for no range', () => {
    expect(quickAmounts(1500n, 1800n)).toEqual([1500n, 1800n]);
    expect(quickAmounts(1500n, 1500n)).toEqual([1500n]);
    expect(quickAmounts(2000n, 1000n)).toEqual([]);
    expect(quickAmounts(null, 1000n)).toEqual([]);
  });

  it('puts a pick into the input without needless cents', () => {
    expect(amountInputText(100000n)).toBe('1000');
    expect(amountInputText(1250n)).toBe('12.50');
  });
});
