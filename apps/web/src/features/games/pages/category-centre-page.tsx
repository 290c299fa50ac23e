import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PageHeader } from '../../../components/ui';
import { bannerGroupOf } from '../../../lib/content';
import { PageBanner } from '../../../lib/content/page-banner';
import { gameTypeForPath, vendorsOf } from '../../../lib/games';
import { useGameMenus } from '../../../lib/site';
import { tileArt } from '../components/category-art';
import { CategoryGames } from '../components/category-games';
import { PvpRooms } from '../components/pvp-rooms';
import { VendorList } from '../components/vendor-list';
import styles from './pages.module.css';

/**
 * /live, /fish, /pvp, /sports, /esports, /lott, /elott: the category centre (spec §2): its
 * providers, then its games when the catalogue has some (and the open rooms on /pvp).
 */
export default function CategoryCentrePage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const type = gameTypeForPath(pathname) ?? 'LIVE';
  const { menus } = useGameMenus();
  const vendors = useMemo(() => vendorsOf(menus, type), [menus, type]);
  return (
    <div className={styles.page} data-page="category" data-game-type={type}>
      <PageBanner group={bannerGroupOf(type)} />
      <PageHeader title={t(`categories.${type}`)} subtitle={t(`categoryText.${type}`)} art={tileArt(type)} />
      <VendorList vendors={vendors} heading={t('games.vendorList')} />
      {type === 'PVP' ? <PvpRooms /> : null}
      <CategoryGames type={type} />
    </div>
  );
}
