import type { WalletBalance } from '@aurum/contract';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { apiCall } from '../api';
import { ACCOUNT_TYPE } from '../contract';
import { useSessionToken } from '../session/session-store';

/** Every balance query starts with this key; invalidating it refreshes each one (the header's too). */
export const walletBalanceKey = ['wallet', 'balance'] as const;

/** GET /wps/v2/wallets/balance for the signed-in member; live events and movements refresh it. */
export function useWalletBalance() {
  const token = useSessionToken();
  return useQuery({
    queryKey: [...walletBalanceKey, token],
    queryFn: () => apiCall('walletBalance'),
    enabled: token !== null,
    staleTime: 10_000,
  });
}

/** The account record's queries (member centre) start with this key. */
export const transactionsKey = ['funds', 'transactions'] as const;

/** The cashier's queries (orders, and settings with the available balance) start with this key. */
export const cashierQueryKey = ['member', 'cashier'] as const;

/**
 * A pushed balance: the ledger touched the member's accounts outside this page (the operator, a
 * payment gateway, an agent, another tab). The views built on movements and orders are read
 * again; the balance itself came with the push.
 */
export const refreshMovementViews = (client: QueryClient) =>
  Promise.all([
    client.invalidateQueries({ queryKey: cashierQueryKey }),
    client.invalidateQueries({ queryKey: transactionsKey }),
  ]);

/** After a movement: every wallet's balance and the account record are read again. */
export const refreshAfterMovement = (client: QueryClient) =>
  Promise.all([
    client.invalidateQueries({ queryKey: walletBalanceKey }),
    client.invalidateQueries({ queryKey: transactionsKey }),
  ]);

/** The main wallet's available balance, in minor units as the wire text. */
export function mainBalanceText(balance: WalletBalance | undefined): string | null {
  return balance?.balance.find((line) => line.accountTypeId === ACCOUNT_TYPE.main)?.availBalance ?? null;
}

/** Each game wallet's balance by vendor code. */
export function vendorBalances(balance: WalletBalance | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of balance?.balance ?? []) {
    if (line.accountTypeId === ACCOUNT_TYPE.game && line.vendor) out.set(line.vendor, line.availBalance);
  }
  return out;
}
