import { describe, expect, it } from 'vitest';
import { amountInputText, amountMinor, checkAmount, quickAmounts } from './amount';

describe('checkAmount', () => {
  const limits = { min: '10.00', max: '20000.00' };

  it('accepts amounts within the limits, typed as the member likes', () => {
    expect(checkAmount('10', limits)).toBeNull();
    expect(checkAmount(' 99.5 ', limits)).toBeNull();
    expect(checkAmount('20000.00', limits)).toBeNull();
  });

  it('refuses empty, zero, negative, signed, three decimals and non-numeric amounts', () => {
    expect(checkAmount('', limits)).toEqual({ key: 'required' });
    expect(checkAmount('   ', limits)).toEqual({ key: 'required' });
    for (const bad of ['0', '-5', '+5', '1.234', 'abc', '1e3', '12,50']) {
      expect(checkAmount(bad, limits), bad).toEqual({ key: 'invalid' });
    }
  });

  it('says which limit is passed, in minor units', () => {
    expect(checkAmount('9.99', limits)).toEqual({ key: 'belowMin', limit: 1000n });
    expect(checkAmount('20000.01', limits)).toEqual({ key: 'aboveMax', limit: 2000000n });
    expect(checkAmount('500', { ...limits, balance: '120.50' })).toEqual({
      key: 'aboveBalance',
      limit: 12050n,
    });
  });

  it('reads huge amounts without floats', () => {
    expect(amountMinor('9999999999999999.99')).toBe(999999999999999999n);
    expect(checkAmount('9999999999999999.99', limits)).toEqual({ key: 'aboveMax', limit: 2000000n });
  });
});

describe('quickAmounts', () => {
  it('offers round amounts inside the range, spread when there are many', () => {
    expect(quickAmounts('50.00', '500.00')).toEqual([5000n, 10000n, 20000n, 50000n]);
    const wide = quickAmounts('10.00', '20000.00');
    expect(wide).toHaveLength(6);
    expect(wide[0]).toBe(1000n);
    expect(wide.at(-1)).toBe(2000000n);
    expect(wide.every((v) => v >= 1000n && v <= 2000000n)).toBe(true);
  });

  it('offers the bounds of a range too narrow for round amounts', () => {
    expect(quickAmounts('15.00', '18.00')).toEqual([1500n, 1800n]);
    expect(quickAmounts('15.00', '15.00')).toEqual([1500n]);
    expect(quickAmounts('20.00', '10.00')).toEqual([]);
  });

  it('puts a pick into the input without needless cents', () => {
    expect(amountInputText(100000n)).toBe('1000');
    expect(amountInputText(1250n)).toBe('12.50');
  });
});
