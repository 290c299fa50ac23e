import type { RouteBody } from '@aurum/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';
import { refreshAfterMovement } from '../../../lib/money/balance';

/** POST /wps/relay/GCS_walletTransfer: the main wallet to a game wallet or back. */
export function useWalletTransfer() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['funds', 'walletTransfer'],
    mutationFn: (body: RouteBody<'walletTransfer'>) => apiCall('walletTransfer', { body }),
    // The result shows at once; balances and records refresh behind it.
    onSettled: () => void refreshAfterMovement(client),
  });
}

/** POST /wps/relay/GCS_walletRecall: every game wallet back to the main wallet. */
export function useWalletRecall() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['funds', 'walletRecall'],
    mutationFn: (body: RouteBody<'walletRecall'>) => apiCall('walletRecall', { body }),
    // The result shows at once; balances and records refresh behind it.
    onSettled: () => void refreshAfterMovement(client),
  });
}
