import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';
import { refreshAfterMovement } from '../../../lib/money/balance';
import { loyaltyRootKey } from './vip-info';

/** POST /wps/rebate/claim: pays the accrued rebate; the rebate views and the balance are read again. */
export function useRebateClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...loyaltyRootKey, 'claim'],
    mutationFn: () => apiCall('rebateClaim', { body: {} }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: loyaltyRootKey }),
        refreshAfterMovement(queryClient),
      ]),
  });
}
