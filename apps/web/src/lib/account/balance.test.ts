import type { WalletBalance } from '@aurum/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { walletBalanceKey as balanceKey } from '../money/balance';
import { putBalance } from './balance';

const balance = (sum: string): WalletBalance => ({
  sumBalance: sum,
  balance: [{ accountTypeId: 2, availBalance: sum }],
  currency: 'USD',
  currencySymbol: '$',
  playMoney: false,
});

describe('putBalance', () => {
  it('makes the pushed balance the session balance, replacing the one shown', () => {
    const client = new QueryClient();
    const key = [...balanceKey, 'token-1'];
    putBalance(client, 'token-1', balance('10.00'));
    expect(client.getQueryData(key)).toEqual(balance('10.00'));
    putBalance(client, 'token-1', balance('25.50'));
    expect(client.getQueryData(key)).toEqual(balance('25.50'));
    expect(client.getQueryData([...balanceKey, 'token-2'])).toBeUndefined();
  });
});
