import type { RouteValue } from '@aurum/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../../lib/api';
import type { PrizeMode } from '../../../lib/games';
import { lotteryPublicRoot } from '../../../lib/lottery/keys';
import { clockOffsetMs } from '../model/clock';

export type LotteryMenu = RouteValue<'lotteryGameMenu'>;
export type LotteryMenuGame = LotteryMenu['games'][number];
export type LotteryIssue = NonNullable<LotteryMenuGame['current']>;

/** The menu with the server's clock offset measured when it arrived (model/clock.ts). */
export type TimedMenu = LotteryMenu & { offsetMs: number };

export const lotteryMenuKey = [...lotteryPublicRoot, 'menu'] as const;
/** Issues last from 45 s to a day; the page asks again itself when the one it shows closes. */
export const LOTTERY_MENU_STALE_MS = 30_000;
/** While a game is between issues (drawing), the menu is asked this often for the next one. */
export const LOTTERY_MENU_WAIT_MS = 2_000;

/**
 * GET /lgw/vn/games/game_menu: the merchant's lottery games (those of `prizeMode`, every game
 * without one) with the issue on sale now, and the server's time. `waiting` asks again every
 * 2 s until the page has the issue it waits for.
 */
export function useLotteryMenu(waiting = false, prizeMode?: PrizeMode) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...lotteryMenuKey, i18n.language, prizeMode ?? null],
    queryFn: async ({ signal }): Promise<TimedMenu> => {
      const menu = await apiCall('lotteryGameMenu', { query: prizeMode ? { prizeMode } : {}, signal });
      return { ...menu, offsetMs: clockOffsetMs(menu.serverTime, Date.now()) };
    },
    staleTime: LOTTERY_MENU_STALE_MS,
    refetchInterval: waiting ? LOTTERY_MENU_WAIT_MS : false,
  });
}
