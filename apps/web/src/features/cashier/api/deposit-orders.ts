import type { RouteValue } from '@aurum/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';
import { useSessionToken } from '../../../lib/session/session-store';
import { depositKey, ORDERS_PAGE_SIZE, ORDERS_STALE_MS } from './keys';

export type DepositOrderView = RouteValue<'depositOrder'>;
export type DepositOrdersPage = RouteValue<'depositOrders'>;

export const depositOrdersKey = [...depositKey, 'orders'] as const;

/** GET /wps/cashier/deposit/orders: the member's own deposits, newest first. */
export const getDepositOrders = (page: number) =>
  apiCall('depositOrders', { query: { page, size: ORDERS_PAGE_SIZE } });

export function useDepositOrders(page: number) {
  const token = useSessionToken();
  return useQuery({
    queryKey: [...depositOrdersKey, page, token],
    queryFn: () => getDepositOrders(page),
    enabled: token !== null,
    staleTime: ORDERS_STALE_MS,
    placeholderData: keepPreviousData,
  });
}
