import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui';
import { PageBanner } from '../../../lib/content/page-banner';
import { vendorsOf } from '../../../lib/games';
import { useGameMenus } from '../../../lib/site';
import { tileArt } from '../components/category-art';
import { Lobby } from '../components/lobby';
import { VendorList } from '../components/vendor-list';
import styles from './pages.module.css';

/**
 * /rng: the slots game list centre (a game page: header only): the lobby, then the providers —
 * the RNG vendors and the in-house ones (RNG takes in INHOUSE, as the lobby does).
 */
export default function RngPage() {
  const { t } = useTranslation();
  const { menus } = useGameMenus();
  const vendors = useMemo(() => [...vendorsOf(menus, 'RNG'), ...vendorsOf(menus, 'INHOUSE')], [menus]);
  return (
    <div className={styles.page} data-page="rng" data-game-type="RNG">
      <PageBanner group="rng" />
      <PageHeader title={t('games.rngTitle')} subtitle={t('games.rngText')} art={tileArt('RNG')} compact />
      <Lobby />
      <VendorList vendors={vendors} heading={t('games.vendorList')} withGameList />
    </div>
  );
}
