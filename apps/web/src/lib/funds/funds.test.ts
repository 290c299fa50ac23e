import { act, renderHook } from '@testing-library/react';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api';
import { checkAmount } from './amount';
import { customRange, parseDay, presetRange } from './date-range';
import { fundsErrorText } from './errors';
import { useIntentKey } from './intent-key';
import { FUNDS_NS } from './texts';

describe('amounts', () => {
  it('accept what the server accepts', () => {
    expect(checkAmount('10')).toBeNull();
    expect(checkAmount(' 10.5 ')).toBeNull();
    expect(checkAmount('10.50')).toBeNull();
  });

  it('refuse empty, malformed, signed, three-decimal and zero amounts', () => {
    expect(checkAmount('  ')).toBe('required');
    expect(checkAmount('abc')).toBe('invalid');
    expect(checkAmount('1e3')).toBe('invalid');
    expect(checkAmount('-5')).toBe('invalid');
    expect(checkAmount('1.005')).toBe('invalid');
    expect(checkAmount('1,000')).toBe('invalid');
    expect(checkAmount('0.00')).toBe('positive');
  });

  it('apply the limits and the balance in minor units', () => {
    const limits = { min: 100n, max: 10_000n, available: 5_000n };
    expect(checkAmount('0.99', limits)).toBe('belowMin');
    expect(checkAmount('100.01', limits)).toBe('aboveMax');
    expect(checkAmount('50.01', limits)).toBe('overBalance');
    expect(checkAmount('50', limits)).toBeNull();
  });
});

describe('date ranges', () => {
  const now = new Date(2026, 2, 15, 13, 30);

  it('last 7 and 30 days end today and count today', () => {
    expect(presetRange('last7', now)).toEqual({
      startTime: new Date(2026, 2, 9).getTime(),
      endTime: new Date(2026, 2, 16).getTime() - 1,
    });
    expect(presetRange('last30', now).startTime).toBe(new Date(2026, 1, 14).getTime());
  });

  it('next 7 and 30 days start today', () => {
    expect(presetRange('next7', now)).toEqual({
      startTime: new Date(2026, 2, 15).getTime(),
      endTime: new Date(2026, 2, 22).getTime() - 1,
    });
    expect(presetRange('next30', now).endTime).toBe(new Date(2026, 3, 14).getTime() - 1);
  });

  it('custom days cover both whole days and refuse reversed or impossible dates', () => {
    expect(customRange('2026-01-31', '2026-02-01')).toEqual({
      startTime: new Date(2026, 0, 31).getTime(),
      endTime: new Date(2026, 1, 2).getTime() - 1,
    });
    expect(customRange('2026-02-02', '2026-02-01')).toBeNull();
    expect(customRange('', '2026-02-01')).toBeNull();
    expect(parseDay('2026-02-30')).toBeNull();
  });
});

describe('one idempotency key per intent', () => {
  it('keeps the key for the same request, renews it for another request and after success', () => {
    const { result } = renderHook(() => useIntentKey());
    const first = result.current.keyFor({ amount: '10' });
    expect(result.current.keyFor({ amount: '10' })).toBe(first);
    const changed = result.current.keyFor({ amount: '11' });
    expect(changed).not.toBe(first);
    expect(result.current.keyFor({ amount: '11' })).toBe(changed);
    act(() => result.current.complete());
    expect(result.current.keyFor({ amount: '11' })).not.toBe(changed);
    expect(first).toMatch(/^[A-Za-z0-9][A-Za-z0-9:._-]{0,127}$/);
  });
});

describe('error texts', () => {
  const t = i18next.getFixedT('en', FUNDS_NS);
  const tc = i18next.getFixedT('en');

  it('translate funds codes, then common codes, then fall back to the server message', () => {
    expect(fundsErrorText(t, tc, new ApiError('wallet.insufficient.funds', 'x', 400))).toBe(
      'Your balance is not enough for this amount.',
    );
    expect(fundsErrorText(t, tc, new ApiError('network.abnormal', '', 0))).toBe(
      'The network is abnormal. Check your connection and retry.',
    );
    expect(fundsErrorText(t, tc, new ApiError('cashier.brand.new', 'Server words.', 400))).toBe(
      'Server words.',
    );
    expect(fundsErrorText(t, tc, new Error('boom'))).toBe('Something went wrong. Please try again.');
  });
});
