import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';
import { refreshAfterMovement } from '../../../lib/money/balance';
import { useSessionToken } from '../../../lib/session/session-store';
import { loyaltyRootKey } from './vip-info';

export const bonusDetailsKey = [...loyaltyRootKey, 'bonus'] as const;

/** Turnover moves as bets settle: read again when the page (or the withdraw page) is opened. */
const BONUS_STALE_MS = 10_000;

/** GET /wps/bonus/details: the member's bonuses with their turnover requirements. */
export function useBonusDetails() {
  const token = useSessionToken();
  return useQuery({
    queryKey: [...bonusDetailsKey, token],
    queryFn: ({ signal }) => apiCall('bonusDetails', { signal }),
    enabled: token !== null,
    staleTime: BONUS_STALE_MS,
  });
}

/** POST /wps/bonus/forfeit: gives up an open bonus; the bonus list and the balance are read again. */
export function useBonusForfeit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...bonusDetailsKey, 'forfeit'],
    mutationFn: (id: number) => apiCall('bonusForfeit', { body: { id } }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: bonusDetailsKey }),
        refreshAfterMovement(queryClient),
      ]),
  });
}
