import { errorCatalogue } from '@aurum/contract';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api';
import { cashierErrorKey, cashierErrorText } from './errors';
import en from './locales/en.json';

const t = ((key: string) => `cashier:${key}`) as unknown as TFunction<'cashier'>;
const tc = ((key: string) => `common:${key}`) as unknown as TFunction;

describe('cashier error texts', () => {
  it('has a text for every cashier, payment password and idempotency code of the contract', () => {
    const codes = Object.keys(errorCatalogue).filter(
      (c) =>
        (c.startsWith('cashier.') && !c.startsWith('cashier.webhook.')) ||
        c.startsWith('payment.password.') ||
        c === 'idempotency.conflict' ||
        c === 'wallet.insufficient.funds',
    );
    for (const code of codes) {
      const key = cashierErrorKey(code);
      expect(key, code).not.toBeNull();
      expect(Object.hasOwn(en.errors, (key as string).replace('errors.', '')), code).toBe(true);
    }
  });

  it('uses the cashier text, then the common one, then the server message of an unknown code', () => {
    expect(cashierErrorText(t, tc, new ApiError('payment.password.invalid', 'x', 400))).toBe(
      'cashier:errors.paymentPasswordInvalid',
    );
    expect(cashierErrorText(t, tc, new ApiError('TOO_MANY_REQUESTS', 'x', 429))).toBe(
      'common:errors.tooManyRequests',
    );
    expect(cashierErrorText(t, tc, new ApiError('cashier.new.thing', 'A newer server says so.', 400))).toBe(
      'A newer server says so.',
    );
    expect(cashierErrorText(t, tc, new ApiError('network.abnormal', 'offline', 0))).toBe(
      'common:errors.network',
    );
    expect(cashierErrorText(t, tc, new Error('boom'))).toBe('common:errors.unknown');
  });
});
