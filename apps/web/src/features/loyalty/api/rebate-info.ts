import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';
import { useSessionToken } from '../../../lib/session/session-store';
import { loyaltyRootKey } from './vip-info';

export const rebateInfoKey = [...loyaltyRootKey, 'rebate'] as const;

/** The rebate accrues as bets settle: kept fresh while the page is open. */
const REBATE_STALE_MS = 10_000;
const REBATE_REFRESH_MS = 30_000;

/** GET /wps/rebate/info: accrued since the last claim, per category, with 4 decimals. */
export function useRebateInfo() {
  const token = useSessionToken();
  return useQuery({
    queryKey: [...rebateInfoKey, token],
    queryFn: ({ signal }) => apiCall('rebateInfo', { signal }),
    enabled: token !== null,
    staleTime: REBATE_STALE_MS,
    refetchInterval: REBATE_REFRESH_MS,
  });
}
