import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/ui';
import { vendorsOf } from '../../../lib/games';
import { paths } from '../../../lib/routes/paths';
import { useGameMenus } from '../../../lib/site';
import { tileArt } from '../components/category-art';
import { VendorList } from '../components/vendor-list';
import styles from './pages.module.css';

const TITLES = {
  [paths.lottery]: 'lottery.title',
  [paths.seaLottery]: 'lottery.seaTitle',
  [paths.vnLottery]: 'lottery.vnTitle',
} as const;

/** /lottery, /seaLottery, /vnLottery: lottery lobbies; each reads a gameCode query. */
export default function LotteryPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const gameCode = search.get('gameCode') ?? undefined;
  const { menus } = useGameMenus();
  const vendors = useMemo(() => [...vendorsOf(menus, 'LOTT'), ...vendorsOf(menus, 'ELOTT')], [menus]);
  const titleKey = TITLES[pathname as keyof typeof TITLES] ?? 'lottery.title';
  return (
    <div className={styles.page} data-page="lottery" data-game-code={gameCode}>
      <PageHeader title={t(titleKey)} subtitle={t('lottery.subtitle')} art={tileArt('LOTT')}>
        {gameCode ? <p className={styles.status}>{t('lottery.selectedGame', { code: gameCode })}</p> : null}
      </PageHeader>
      <VendorList vendors={vendors} heading={t('games.vendorList')} gameCode={gameCode} />
    </div>
  );
}
