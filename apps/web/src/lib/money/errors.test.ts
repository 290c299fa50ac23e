import { errorCatalogue } from '@aurum/contract';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api';
import { moneyErrorKey, moneyErrorText } from './errors';
import en from './locales/funds/en.json';
import { FUNDS_NS } from './texts';

describe('money error texts', () => {
  it('has a text for every cashier, payment password, wallet, transfer and idempotency code of the contract', () => {
    const codes = Object.keys(errorCatalogue).filter(
      (c) =>
        (c.startsWith('cashier.') && !c.startsWith('cashier.webhook.')) ||
        c.startsWith('payment.password.') ||
        c.startsWith('transfer.') ||
        c === 'idempotency.conflict' ||
        c === 'wallet.insufficient.funds',
    );
    expect(codes.length).toBeGreaterThan(15);
    for (const code of [
      ...codes,
      'wallet.amount.invalid',
      'wallet.account.invalid',
      'wallet.transfer.forbidden',
      'wallet.busy',
      'agent.only',
    ]) {
      const key = moneyErrorKey(code);
      expect(key, code).not.toBeNull();
      expect(Object.hasOwn(en.errors, (key as string).replace('errors.', '')), code).toBe(true);
    }
  });

  it('uses the money text, then the common one, then the server message of an unknown code', () => {
    const t = i18next.getFixedT('en', FUNDS_NS);
    const tc = i18next.getFixedT('en');
    expect(moneyErrorText(t, tc, new ApiError('payment.password.invalid', 'x', 400))).toBe(
      'The withdraw password is wrong.',
    );
    expect(moneyErrorText(t, tc, new ApiError('wallet.insufficient.funds', 'x', 400))).toBe(
      'Your balance is not enough for this amount.',
    );
    expect(moneyErrorText(t, tc, new ApiError('TOO_MANY_REQUESTS', 'x', 429))).toBe(
      tc('errors.tooManyRequests'),
    );
    expect(moneyErrorText(t, tc, new ApiError('network.abnormal', 'offline', 0))).toBe(
      'The network is abnormal. Check your connection and retry.',
    );
    expect(moneyErrorText(t, tc, new ApiError('cashier.new.thing', 'A newer server says so.', 400))).toBe(
      'A newer server says so.',
    );
    expect(moneyErrorText(t, tc, new Error('boom'))).toBe('Something went wrong. Please try again.');
  });
});
