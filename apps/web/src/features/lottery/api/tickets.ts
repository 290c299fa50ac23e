import type { RouteValue } from '@aurum/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';
import { lotteryMemberRoot } from '../../../lib/lottery/keys';
import { useSessionToken } from '../../../lib/session/session-store';

export type LotteryTicket = RouteValue<'lotteryTicket'>;

/** Under the member root, so signing out drops them. */
export const lotteryTicketsKey = [...lotteryMemberRoot, 'tickets'] as const;
export const TICKETS_PAGE_SIZE = 10;
/** While a drawn issue still has pending tickets of the member, they are asked this often. */
export const TICKETS_SETTLING_POLL_MS = 3_000;

/**
 * GET /lgw/lottery/tickets: the member's tickets of a game, newest first, paged. While
 * `settling` says so of the tickets shown (an issue is drawn and tickets of it are still
 * pending), they are asked again every 3 s.
 */
export function useLotteryTickets(
  gameCode: string,
  page: number,
  settling: (tickets: readonly LotteryTicket[]) => boolean,
) {
  const token = useSessionToken();
  return useQuery({
    queryKey: [...lotteryTicketsKey, token, gameCode, page],
    queryFn: ({ signal }) =>
      apiCall('lotteryTickets', { query: { gameCode, page, size: TICKETS_PAGE_SIZE }, signal }),
    enabled: token !== null,
    placeholderData: keepPreviousData,
    staleTime: 15_000,
    refetchInterval: (q) => (settling(q.state.data?.content ?? []) ? TICKETS_SETTLING_POLL_MS : false),
  });
}
