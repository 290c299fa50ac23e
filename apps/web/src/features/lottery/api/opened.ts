import type { RouteValue } from '@aurum/contract';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';
import type { PrizeMode } from '../../../lib/games';
import { lotteryPublicRoot } from '../../../lib/lottery/keys';

export type LotteryOpened = RouteValue<'lotteryOpened'>;

/** Public: a pushed lottery event (an issue drawn) reads it again. */
export const lotteryOpenedKey = [...lotteryPublicRoot, 'opened'] as const;

/** GET /lgw/vn/numeros/opened: the newest draw of every game of the page's prize mode. */
export function useLotteryOpened(prizeMode: PrizeMode | undefined, enabled: boolean) {
  return useQuery({
    queryKey: [...lotteryOpenedKey, prizeMode ?? null],
    queryFn: ({ signal }) => apiCall('lotteryOpened', { query: prizeMode ? { prizeMode } : {}, signal }),
    enabled,
    staleTime: 30_000,
  });
}
