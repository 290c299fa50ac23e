import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { hasGames, isLotteryVendor, vendorsOf } from '../../../lib/games';
import { useGameMenus } from '../../../lib/site';
import { VendorList } from './vendor-list';

/**
 * The lottery pages' other providers: the LOTT and ELOTT vendors of game_menus, launched as on
 * every category page. The in-house lottery is the page itself, so its own card is left out, and
 * the section with it when no other provider plays.
 */
export function LotteryVendors({ gameCode }: { gameCode?: string | undefined }) {
  const { t } = useTranslation();
  const { menus, status } = useGameMenus();
  const vendors = useMemo(
    () => [...vendorsOf(menus, 'LOTT'), ...vendorsOf(menus, 'ELOTT')].filter((v) => !isLotteryVendor(v)),
    [menus],
  );
  // Beside the in-house games, an empty providers section would only say there are none.
  if (status === 'success' && !vendors.some(hasGames)) return null;
  return <VendorList vendors={vendors} heading={t('games.vendorList')} gameCode={gameCode} />;
}
