import type { RouteValue } from '@aurum/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';
import { lotteryPublicRoot } from '../../../lib/lottery/keys';

export type LotteryDraws = RouteValue<'lotteryDraws'>;
export type LotteryDrawnIssue = LotteryDraws['content'][number];

/** Public: a pushed lottery event (an issue drawn) reads the open page again. */
export const lotteryDrawsKey = [...lotteryPublicRoot, 'draws'] as const;
export const DRAWS_PAGE_SIZE = 10;

/** GET /lgw/lottery/draws: a game's drawn issues with their seeds, newest first, paged. */
export function useLotteryDraws(gameCode: string, page: number) {
  return useQuery({
    queryKey: [...lotteryDrawsKey, gameCode, page],
    queryFn: ({ signal }) =>
      apiCall('lotteryDraws', { query: { gameCode, page, size: DRAWS_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
