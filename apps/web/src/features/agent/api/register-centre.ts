import type { RouteBody } from '@aurum/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';
import { useSessionToken } from '../../../lib/session/session-store';
import { teamKey } from './team';

export const agentLinksKey = ['agent', 'links'] as const;
const LINKS_STALE_MS = 30_000;

/** POST /wps/agent/team/members: opens a downline; the answer holds its one-time password. */
export function useRegisterDownline() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['agent', 'registerDownline'],
    mutationFn: (body: RouteBody<'registerDownline'>) => apiCall('registerDownline', { body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: teamKey }),
  });
}

/** GET /wps/agent/links: the agent's registration links. */
export function useAgentLinks() {
  const token = useSessionToken();
  return useQuery({
    queryKey: [...agentLinksKey, token],
    queryFn: ({ signal }) => apiCall('agentLinks', { signal }),
    enabled: token !== null,
    staleTime: LINKS_STALE_MS,
  });
}

/** POST /wps/agent/links. */
export function useCreateAgentLink() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['agent', 'createLink'],
    mutationFn: (body: RouteBody<'createAgentLink'>) => apiCall('createAgentLink', { body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: agentLinksKey }),
  });
}

/** DELETE /wps/agent/links?id=. */
export function useDeleteAgentLink() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['agent', 'deleteLink'],
    mutationFn: (id: number) => apiCall('deleteAgentLink', { query: { id } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: agentLinksKey }),
  });
}
