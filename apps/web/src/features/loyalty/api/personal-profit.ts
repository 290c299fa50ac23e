import type { RouteQuery } from '@aurum/contract';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';
import { useSessionToken } from '../../../lib/session/session-store';
import { loyaltyRootKey } from './vip-info';

export type ProfitQuery = RouteQuery<'personalProfit'>;

/** GET /wps/profit/personal: the member's own profit and loss by category over a period. */
export function usePersonalProfit(query: ProfitQuery) {
  const token = useSessionToken();
  return useQuery({
    queryKey: [...loyaltyRootKey, 'profit', token, query],
    queryFn: ({ signal }) => apiCall('personalProfit', { query, signal }),
    enabled: token !== null,
  });
}
