import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';
import { useSessionToken } from '../../../lib/session/session-store';

export const merchantWalletKey = ['funds', 'merchantWallet'] as const;

/**
 * GET /wps/member/wallet/merchant: single wallet (isSingle 1) or transfer wallets and their
 * vendors. Spec §4 Caching: the result is kept for the session (it changes with the merchant's
 * configuration, not with play), so it is read once per signed-in session.
 */
export function useMerchantWallet() {
  const token = useSessionToken();
  return useQuery({
    queryKey: [...merchantWalletKey, token],
    queryFn: () => apiCall('merchantWallet'),
    enabled: token !== null,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}
