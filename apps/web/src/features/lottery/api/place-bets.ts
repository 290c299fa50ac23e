import type { RouteBody } from '@aurum/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';
import { refreshAfterMovement } from '../../../lib/money/balance';
import { lotteryRecentKey } from './recent';
import { lotteryTicketsKey } from './tickets';

/**
 * POST /lgw/lottery/bets: the slip's tickets on the issue the page shows. The balance, the
 * account record and the member's tickets are read again after it.
 */
export function usePlaceBets() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<'lotteryBet'>) => apiCall('lotteryBet', { body }),
    onSuccess: () =>
      Promise.all([
        refreshAfterMovement(client),
        client.invalidateQueries({ queryKey: lotteryTicketsKey }),
        client.invalidateQueries({ queryKey: lotteryRecentKey }),
      ]),
  });
}
