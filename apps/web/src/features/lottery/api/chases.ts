import type { RouteBody, RouteValue } from '@aurum/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';
import { lotteryMemberRoot } from '../../../lib/lottery/keys';
import { refreshAfterMovement } from '../../../lib/money/balance';
import { useSessionToken } from '../../../lib/session/session-store';
import { lotteryTicketsKey } from './tickets';

export type LotteryChase = RouteValue<'lotteryChases'>['content'][number];
export type LotteryChaseDetail = RouteValue<'lotteryChaseDetail'>;

/** Under the member root, so signing out drops them and a pushed lottery event reads them again. */
export const lotteryChasesKey = [...lotteryMemberRoot, 'chases'] as const;
export const CHASES_PAGE_SIZE = 10;

/** GET /lgw/lottery/chases: the member's chases, newest first, paged. */
export function useLotteryChases(page: number) {
  const token = useSessionToken();
  return useQuery({
    queryKey: [...lotteryChasesKey, token, 'list', page],
    queryFn: ({ signal }) => apiCall('lotteryChases', { query: { page, size: CHASES_PAGE_SIZE }, signal }),
    enabled: token !== null,
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}

/** GET /lgw/lottery/chase: one chase with its tickets in draw order (read when it is opened). */
export function useLotteryChase(chaseId: string | null) {
  const token = useSessionToken();
  return useQuery({
    queryKey: [...lotteryChasesKey, token, 'one', chaseId],
    queryFn: ({ signal }) => apiCall('lotteryChaseDetail', { query: { chaseId: chaseId! }, signal }),
    enabled: token !== null && chaseId !== null,
    staleTime: 15_000,
  });
}

/** After a chase is placed or cancelled: the balance, the account record, tickets and chases. */
const refreshAfterChase = (client: ReturnType<typeof useQueryClient>) =>
  Promise.all([
    refreshAfterMovement(client),
    client.invalidateQueries({ queryKey: lotteryTicketsKey }),
    client.invalidateQueries({ queryKey: lotteryChasesKey }),
  ]);

/** POST /lgw/lottery/chases: one ticket over several issues, paid up front. */
export function usePlaceChase() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<'lotteryChase'>) => apiCall('lotteryChase', { body }),
    onSuccess: () => refreshAfterChase(client),
  });
}

/** POST /lgw/lottery/chase/cancel: one issue of a chase, or every issue still on sale. */
export function useCancelChase() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<'lotteryChaseCancel'>) => apiCall('lotteryChaseCancel', { body }),
    onSuccess: () => refreshAfterChase(client),
  });
}
