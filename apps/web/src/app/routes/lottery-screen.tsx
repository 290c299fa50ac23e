import { useLocation, useSearchParams } from 'react-router';
import { tileArt } from '../../features/games/components/category-art';
import { LotteryVendors } from '../../features/games/components/lottery-vendors';
import { LotteryPage } from '../../features/lottery';
import { paths } from '../../lib/routes/paths';

const ROUTES: Record<string, 'vn' | 'sea'> = {
  [paths.vnLottery.toLowerCase()]: 'vn',
  [paths.seaLottery.toLowerCase()]: 'sea',
};

/**
 * /lottery, /seaLottery, /vnLottery (spec §2, each with a gameCode query): the in-house lottery
 * of the route, with the other lottery providers below.
 */
export default function LotteryScreen() {
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const gameCode = search.get('gameCode');
  const route = ROUTES[pathname.toLowerCase()] ?? 'all';
  return (
    <LotteryPage
      route={route}
      gameCode={gameCode}
      prizeMode={search.get('prizeMode')}
      backUrl={search.get('backUrl')}
      art={tileArt('LOTT')}
      vendors={(code) => <LotteryVendors gameCode={code} />}
    />
  );
}
