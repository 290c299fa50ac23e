import type { WalletBalance } from '@aurum/contract';
import type { QueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { parseMoney } from '../contract';
import { formatMoneyDisplay, MASKED_MONEY } from '../format/money';
import { walletBalanceKey } from '../money/balance';
import { readStorage, STORAGE_KEYS, writeStorage } from '../storage/storage';

/*
 * The header shows the wallet pages' balance query (lib/money/balance.ts: useWalletBalance, one
 * cache entry per session): the real-time client writes pushed balances into it and every
 * movement invalidates it, so each view agrees.
 */

/** The total the header shows (main wallet plus every game wallet), in minor units. */
export const balanceMinor = (balance: WalletBalance | undefined): bigint | null =>
  balance ? (parseMoney(balance.sumBalance) ?? 0n) : null;

/**
 * Spec §2 Header: the currency symbol, 2 decimals and thousands separators; asterisks when the
 * member hid it. Null while the balance is unknown.
 */
export function balanceText(
  minor: bigint | null,
  currencySymbol: string | undefined,
  hidden: boolean,
): string | null {
  if (hidden) return MASKED_MONEY;
  return minor === null ? null : formatMoneyDisplay(minor, currencySymbol ?? '');
}

/** A balance the server pushed: it becomes the session's balance query data, no refetch. */
export function putBalance(client: QueryClient, token: string, balance: WalletBalance): void {
  client.setQueryData([...walletBalanceKey, token], balance);
}

/** Reads every balance again (after a reconnect, or when the socket says the session ended). */
export const refreshBalance = (client: QueryClient) =>
  client.invalidateQueries({ queryKey: walletBalanceKey });

const readHidden = () => readStorage('session', STORAGE_KEYS.balanceHidden) === '1';

/** Shown at first (spec §2); the member's choice is kept for the session (cleared at logout). */
export function useBalanceHidden(): [boolean, (hidden: boolean) => void] {
  const [hidden, setHidden] = useState(readHidden);
  const update = useCallback((next: boolean) => {
    writeStorage('session', STORAGE_KEYS.balanceHidden, next ? '1' : '0');
    setHidden(next);
  }, []);
  return [hidden, update];
}
