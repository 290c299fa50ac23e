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

/** The most the draw history answers a page. */
const DRAWS_MAX_PAGE = 50;

/**
 * The newest `count` drawn issues of a game for its trend (GET /lgw/lottery/draws, a page of 50
 * at a time), newest first. Under the draws key: a pushed draw reads it again.
 */
export function useLotteryRecentDraws(gameCode: string, count: number) {
  return useQuery({
    queryKey: [...lotteryDrawsKey, gameCode, 'newest', count],
    queryFn: async ({ signal }) => {
      const size = Math.min(count, DRAWS_MAX_PAGE);
      const out: LotteryDrawnIssue[] = [];
      for (let page = 1; out.length < count; page++) {
        const reply = await apiCall('lotteryDraws', { query: { gameCode, page, size }, signal });
        out.push(...reply.content);
        if (page >= reply.totalPages || reply.content.length < size) break;
      }
      return out.slice(0, count);
    },
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
