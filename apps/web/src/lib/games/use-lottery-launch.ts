import type { VendorCard } from '@aurum/contract';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { apiCall } from '../api';
import { useGameMenus } from '../site';
import { lotteryModeOfCard, type PrizeMode } from './categories';

export type LotteryView = 'betting' | 'lobby';

/**
 * Starts the in-house lottery from one of its cards with the lottery lobby launch payload
 * (api-notes.md; POST /lgw/lottery/launch): the card's prize mode (§4), the game or the mode's
 * first (`betting`) or its list (`lobby`), and this page as the way back. The reply is the site
 * page that serves it, which the app then shows.
 */
export function useLotteryLaunch() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const { menus } = useGameMenus();
  const { i18n } = useTranslation();
  const mutation = useMutation({
    mutationFn: (p: { mode: PrizeMode; view: LotteryView; gameCode?: string | undefined }) =>
      apiCall('lotteryLaunch', {
        body: {
          lottoArea: 'VN',
          launchMode: 'LOTT',
          lottoPrizeMode: p.mode,
          ...(p.gameCode ? { lottoGameCode: p.gameCode } : {}),
          lottoView: p.view,
          device: 'WEB',
          // A path of this page: on the site's own origin whichever host serves it.
          backUrl: `${pathname}${search}`,
          language: i18n.language,
        },
      }),
    onSuccess: (reply) => navigate(reply.url),
  });
  return {
    start: (card: Pick<VendorCard, 'gameType'>, view: LotteryView, gameCode?: string) =>
      mutation.mutate({ mode: lotteryModeOfCard(card, menus), view, gameCode }),
    pending: mutation.isPending,
    failed: mutation.isError,
  };
}
