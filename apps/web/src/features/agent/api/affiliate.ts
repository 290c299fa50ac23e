import type { RouteBody } from '@aurum/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';
import { useSessionToken } from '../../../lib/session/session-store';

export const affiliateKey = ['agent', 'affiliate'] as const;
/** A review takes the operator minutes to hours: a minute-old status is fresh enough. */
const AFFILIATE_STALE_MS = 60_000;

/** GET /wps/agent/application: the member's latest application and whether it may apply. */
export function useAffiliateStatus(enabled = true) {
  const token = useSessionToken();
  return useQuery({
    queryKey: [...affiliateKey, token],
    queryFn: ({ signal }) => apiCall('affiliateApplication', { signal }),
    enabled: enabled && token !== null,
    staleTime: AFFILIATE_STALE_MS,
  });
}

/** POST /wps/agent/application. */
export function useApplyAffiliate() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['agent', 'applyAffiliate'],
    mutationFn: (body: RouteBody<'applyAffiliate'>) => apiCall('applyAffiliate', { body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: affiliateKey }),
  });
}
