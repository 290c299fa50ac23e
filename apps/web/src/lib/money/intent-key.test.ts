import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api';
import { failureEndsIntent, useIntentKey } from './intent-key';

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

  it('keeps the key after an unanswered attempt and renews it after a refusal', () => {
    const { result } = renderHook(() => useIntentKey());
    const first = result.current.keyFor({ amount: '10' });
    act(() => result.current.failed(new ApiError('network.abnormal', '', 0)));
    act(() => result.current.failed(new ApiError('server.error', '', 502)));
    expect(result.current.keyFor({ amount: '10' })).toBe(first);
    act(() => result.current.failed(new ApiError('cashier.deposit.too.many.pending', '', 409)));
    expect(result.current.keyFor({ amount: '10' })).not.toBe(first);
  });

  it('ends the intent only on an answered refusal', () => {
    expect(failureEndsIntent(new ApiError('wallet.insufficient.funds', '', 400))).toBe(true);
    expect(failureEndsIntent(new ApiError('server.error', '', 500))).toBe(false);
    expect(failureEndsIntent(new ApiError('network.abnormal', '', 0))).toBe(false);
    expect(failureEndsIntent(new Error('boom'))).toBe(false);
  });
});
