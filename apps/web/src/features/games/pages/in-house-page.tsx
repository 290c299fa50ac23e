import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui';
import { inHouseVendors } from '../../../lib/games';
import { useBrand, useGameMenus } from '../../../lib/site';
import { tileArt } from '../components/category-art';
import { VendorList } from '../components/vendor-list';
import styles from './pages.module.css';

/** /inHouse: the RNG vendors the brand runs itself (brand.inHouse). */
export default function InHousePage() {
  const { t } = useTranslation();
  const brand = useBrand();
  const { menus } = useGameMenus();
  const vendors = useMemo(() => inHouseVendors(menus, brand.inHouse), [menus, brand.inHouse]);
  return (
    <div className={styles.page} data-page="inHouse" data-game-type="RNG">
      <PageHeader
        title={t('games.inHouseTitle', { brand: brand.name })}
        subtitle={t('games.inHouseText')}
        art={tileArt('RNG')}
      />
      <VendorList vendors={vendors} heading={t('games.vendorList')} withGameList />
    </div>
  );
}
