import type { RouteValue } from '@aurum/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';
import { useSessionToken } from '../../../lib/session/session-store';
import { ORDERS_PAGE_SIZE, ORDERS_STALE_MS, withdrawKey } from './keys';

export type WithdrawOrderView = RouteValue<'withdrawOrders'>['content'][number];

export const withdrawOrdersKey = [...withdrawKey, 'orders'] as const;

/** GET /wps/cashier/withdraw/orders: the member's own withdrawals, newest first. */
export const getWithdrawOrders = (page: number) =>
  apiCall('withdrawOrders', { query: { page, size: ORDERS_PAGE_SIZE } });

export function useWithdrawOrders(page: number) {
  const token = useSessionToken();
  return useQuery({
    queryKey: [...withdrawOrdersKey, page, token],
    queryFn: () => getWithdrawOrders(page),
    enabled: token !== null,
    staleTime: ORDERS_STALE_MS,
    placeholderData: keepPreviousData,
  });
}
