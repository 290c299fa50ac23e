import type { TwoFactorStatus } from '@aurum/contract';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../../../lib/api';
import { useSessionToken } from '../../../../../lib/session/session-store';

export const twoFactorStatusKey = ['member', 'twoFactor'] as const;
const STATUS_STALE_MS = 60_000;

/** GET /wps/member/security/twofactor (T). */
export const getTwoFactorStatus = () => apiCall('twoFactorStatus');

export function useTwoFactorStatus() {
  const token = useSessionToken();
  return useQuery<TwoFactorStatus>({
    queryKey: [...twoFactorStatusKey, token],
    queryFn: getTwoFactorStatus,
    enabled: token !== null,
    staleTime: STATUS_STALE_MS,
  });
}
