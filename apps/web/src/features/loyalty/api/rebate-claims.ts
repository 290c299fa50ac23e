import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';
import { useSessionToken } from '../../../lib/session/session-store';
import { loyaltyRootKey } from './vip-info';

export const rebateClaimsKey = [...loyaltyRootKey, 'claims'] as const;
export const REBATE_CLAIMS_PAGE_SIZE = 10;

/** GET /wps/rebate/claims: the member's claims and daily payouts, newest first, paged. */
export function useRebateClaims(page: number) {
  const token = useSessionToken();
  return useQuery({
    queryKey: [...rebateClaimsKey, token, page],
    queryFn: ({ signal }) =>
      apiCall('rebateClaims', { query: { page, size: REBATE_CLAIMS_PAGE_SIZE }, signal }),
    enabled: token !== null,
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}
