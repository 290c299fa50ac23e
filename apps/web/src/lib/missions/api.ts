import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../api';
import { refreshAfterMovement } from '../money/balance';
import { useSession } from '../session/session-store';

export const missionsKey = ['missions'] as const;

/** Figures move as bets settle: kept fresh while a mission view is open. */
const SUMMARY_STALE_MS = 15_000;
const SUMMARY_REFRESH_MS = 60_000;

/**
 * GET /wps/mission/summary: the member's missions and daily tasks with the unread counter. Not
 * asked for a trial account (the server refuses it) or a visitor.
 */
export function useMissionSummary() {
  const { token, isTrial } = useSession();
  return useQuery({
    queryKey: [...missionsKey, 'summary', token],
    queryFn: ({ signal }) => apiCall('missionSummary', { signal }),
    enabled: Boolean(token) && !isTrial,
    staleTime: SUMMARY_STALE_MS,
    refetchInterval: SUMMARY_REFRESH_MS,
  });
}

/** The member centre's mission counter: claimable milestones (0 when unknown). */
export function useMissionUnread(): number {
  return useMissionSummary().data?.unread ?? 0;
}

/** GET /wps/mission/leaderboard for one mission (null: none chosen yet). */
export function useMissionLeaderboard(missionId: string | null) {
  const { token, isTrial } = useSession();
  return useQuery({
    queryKey: [...missionsKey, 'leaderboard', missionId, token],
    queryFn: ({ signal }) => apiCall('missionLeaderboard', { query: { missionId: missionId! }, signal }),
    enabled: Boolean(token) && !isTrial && missionId !== null,
    staleTime: SUMMARY_STALE_MS,
  });
}

/**
 * POST /wps/mission/claim (one milestone) or /wps/mission/claim-all (`'all'`); the missions and
 * the balance are read again whatever the answer.
 */
export function useMissionClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...missionsKey, 'claim'],
    mutationFn: (which: { missionId: string; milestone: number } | 'all') =>
      which === 'all' ? apiCall('missionClaimAll', { body: {} }) : apiCall('missionClaim', { body: which }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: missionsKey }),
        refreshAfterMovement(queryClient),
      ]),
  });
}
