import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../api';
import { refreshAfterMovement } from '../money/balance';
import { useSession } from '../session/session-store';
import { useFeature } from '../site';

export const rewardsKey = ['rewards'] as const;

const SUMMARY_STALE_MS = 15_000;
const SUMMARY_REFRESH_MS = 60_000;

/** Whether the reward centre can be asked: REWCEN3 on, a real account signed in. */
export function useRewardCentreOpen(): boolean {
  const { token, isTrial } = useSession();
  return useFeature('REWCEN3') && Boolean(token) && !isTrial;
}

/** GET /wps/reward/summary: the calendar, the claimable rewards and the unread counter. */
export function useRewardSummary() {
  const { token } = useSession();
  const open = useRewardCentreOpen();
  return useQuery({
    queryKey: [...rewardsKey, 'summary', token],
    queryFn: ({ signal }) => apiCall('rewardSummary', { signal }),
    enabled: open,
    staleTime: SUMMARY_STALE_MS,
    refetchInterval: SUMMARY_REFRESH_MS,
  });
}

/** The member centre's reward-centre counter: rewards claimable now (0 when unknown or off). */
export function useRewardUnread(): number {
  return useRewardSummary().data?.unread ?? 0;
}

/** GET /wps/reward/history: the last 90 days of claims. */
export function useRewardHistory() {
  const { token } = useSession();
  const open = useRewardCentreOpen();
  return useQuery({
    queryKey: [...rewardsKey, 'history', token],
    queryFn: ({ signal }) => apiCall('rewardHistory', { signal }),
    enabled: open,
  });
}

/** POST /wps/reward/claim (a reward id) or /wps/reward/promo (`{ code }`); everything read again after. */
export function useRewardClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...rewardsKey, 'claim'],
    mutationFn: (which: { id: string } | { code: string }) =>
      'id' in which
        ? apiCall('rewardClaim', { body: { id: which.id } })
        : apiCall('rewardPromo', { body: { code: which.code } }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: rewardsKey }),
        refreshAfterMovement(queryClient),
      ]),
  });
}
