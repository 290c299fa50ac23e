import type { RouteBody } from '@aurum/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';
import { refreshAfterMovement } from '../../../lib/money/balance';
import { useSessionToken } from '../../../lib/session/session-store';

export const uplineInfoKey = ['funds', 'upline'] as const;

/** GET /wps/member/transfer/upline: who the upline is, the limits, whether a payment password is set. */
export function useUplineInfo() {
  const token = useSessionToken();
  return useQuery({
    queryKey: [...uplineInfoKey, token],
    queryFn: () => apiCall('uplineInfo'),
    enabled: token !== null,
    // Read afresh each time the page opens: the payment password may have just been set.
    staleTime: 0,
  });
}

/** POST /wps/member/transfer/upline (E): money to the upline, guarded by the payment password. */
export function useUplineTransfer() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['funds', 'uplineTransfer'],
    mutationFn: (body: RouteBody<'uplineTransfer'>) => apiCall('uplineTransfer', { body }),
    // The result shows at once; balances and records refresh behind it.
    onSettled: () => void refreshAfterMovement(client),
  });
}
