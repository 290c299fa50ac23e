import type { RouteValue } from '@aurum/contract';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';
import { lotteryPublicRoot } from '../../../lib/lottery/keys';

export type LotteryResults = RouteValue<'lotteryResults'>;
export type LotteryResult = LotteryResults['results'][number];

export const lotteryResultsKey = [...lotteryPublicRoot, 'results'] as const;
/** How many drawn issues the page shows. */
export const RESULTS_SHOWN = 10;
/** From an issue's draw time until its result is listed, the results are asked this often. */
export const RESULTS_POLL_MS = 3_000;

/**
 * GET /lgw/vn/numeros/opened/game: the last drawn issues of a game, newest first. `polling`
 * asks again every 3 s (from a draw time until that issue is in).
 */
export function useLotteryResults(gameCode: string | null, polling: boolean) {
  return useQuery({
    queryKey: [...lotteryResultsKey, gameCode],
    queryFn: ({ signal }) =>
      apiCall('lotteryResults', { query: { gameCode: gameCode!, size: RESULTS_SHOWN }, signal }),
    enabled: gameCode !== null,
    // Results change only at a draw, which the page watches for itself.
    staleTime: 60_000,
    refetchInterval: polling ? RESULTS_POLL_MS : false,
  });
}
