import type { QueryClient } from '@tanstack/react-query';
import { cashierQueryKey, refreshAfterMovement } from '../../../lib/money/balance';

/**
 * Every cashier query lives under ['member', 'cashier', …]: the app drops ['member'] queries when
 * a session ends, so one member's orders never show to the next. Keys end with the session token.
 */
export const cashierKey = cashierQueryKey;
export const depositKey = [...cashierKey, 'deposit'] as const;
export const withdrawKey = [...cashierKey, 'withdraw'] as const;
export const accountsKey = [...cashierKey, 'accounts'] as const;

/** Stale times: settings change rarely; order lists move with the operator's work. */
export const SETTINGS_STALE_MS = 60_000;
export const ORDERS_STALE_MS = 10_000;
export const ORDERS_PAGE_SIZE = 10;

/**
 * After money moved (a deposit credited, a withdrawal held or returned): the cashier's views, the
 * wallet balances (the header's among them) and the account record are read again.
 */
export const refreshMoney = (client: QueryClient) =>
  Promise.all([client.invalidateQueries({ queryKey: cashierKey }), refreshAfterMovement(client)]);
