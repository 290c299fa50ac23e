import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../../lib/api';
import type { PrizeMode } from '../../../lib/games';
import { lotteryMemberRoot } from '../../../lib/lottery/keys';

/** The member's: signing out drops it; a bet placed reads it again (place-bets.ts). */
export const lotteryRecentKey = [...lotteryMemberRoot, 'recent'] as const;

/**
 * GET /lgw/vn/games/game_menu/recent with the page's prize mode: the lottery games the member
 * bet on lately, the latest first. Only asked for a signed-in member.
 */
export function useLotteryRecent(prizeMode: PrizeMode | undefined, signedIn: boolean) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...lotteryRecentKey, i18n.language, prizeMode ?? null],
    queryFn: ({ signal }) => apiCall('lotteryRecentGames', { query: prizeMode ? { prizeMode } : {}, signal }),
    enabled: signedIn,
    staleTime: 60_000,
  });
}
