import type { RouteQuery } from '@aurum/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';
import { useSessionToken } from '../../../lib/session/session-store';

export const teamKey = ['agent', 'team'] as const;
/** Team figures move with every sign-up, deposit and bet: fresh after a minute. */
const TEAM_STALE_MS = 60_000;
/** Downlines listed per page. */
export const TEAM_PAGE_SIZE = 20;

/** GET /wps/agent/team/overview: the agent's team figures for today, yesterday and this month. */
export function useTeamOverview() {
  const token = useSessionToken();
  return useQuery({
    queryKey: [...teamKey, 'overview', token],
    queryFn: ({ signal }) => apiCall('teamOverview', { signal }),
    enabled: token !== null,
    staleTime: TEAM_STALE_MS,
  });
}

export type TeamFilters = Omit<RouteQuery<'teamMembers'>, 'page' | 'size'>;

/** GET /wps/agent/team/members: a page of the agent's downlines (every level) matching the filters. */
export function useTeamMembers(page: number, filters: TeamFilters) {
  const token = useSessionToken();
  return useQuery({
    queryKey: [...teamKey, 'members', token, page, filters],
    queryFn: ({ signal }) =>
      apiCall('teamMembers', { query: { ...filters, page, size: TEAM_PAGE_SIZE }, signal }),
    enabled: token !== null,
    placeholderData: keepPreviousData,
    staleTime: TEAM_STALE_MS,
  });
}
