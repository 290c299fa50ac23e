import type { RouteBody } from '@aurum/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';
import { refreshAfterMovement } from '../../../lib/money/balance';
import { useSessionToken } from '../../../lib/session/session-store';

export const downlinesKey = ['agent', 'downlines'] as const;
/** Downlines listed per page in the picker. */
export const DOWNLINES_PAGE_SIZE = 8;

/** GET /wps/agent/downlines: the agent's direct downlines, optionally those whose account matches. */
export function useDownlines(page: number, account: string) {
  const token = useSessionToken();
  return useQuery({
    queryKey: [...downlinesKey, token, page, account],
    queryFn: ({ signal }) =>
      apiCall('downlines', {
        query: { page, size: DOWNLINES_PAGE_SIZE, ...(account ? { account } : {}) },
        signal,
      }),
    enabled: token !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** POST /wps/agent/downline/transfer (E): the agent's money to one of its own downlines. */
export function useDownlineTransfer() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['agent', 'downlineTransfer'],
    mutationFn: (body: RouteBody<'downlineTransfer'>) => apiCall('downlineTransfer', { body }),
    // The result shows at once; balances and records refresh behind it.
    onSettled: () => void refreshAfterMovement(client),
  });
}
