import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui';
import { inHouseVendors } from '../../../lib/games';
import { useBrand, useGameMenus } from '../../../lib/site';
import { tileArt } from '../components/category-art';
import { Lobby } from '../components/lobby';
import { VendorList } from '../components/vendor-list';
import styles from './pages.module.css';

/**
 * /inHouse maps to the RNG lobby (spec §2): the same lobby, opened on the vendors the brand runs
 * itself (brand.inHouse), and those vendors below it.
 */
export default function InHousePage() {
  const { t } = useTranslation();
  const brand = useBrand();
  const { menus } = useGameMenus();
  const vendors = useMemo(() => inHouseVendors(menus, brand.inHouse), [menus, brand.inHouse]);
  const own = useMemo(() => vendors.map((v) => v.vassalage), [vendors]);
  return (
    <div className={styles.page} data-page="inHouse" data-game-type="RNG">
      <PageHeader
        title={t('games.inHouseTitle', { brand: brand.name })}
        subtitle={t('games.inHouseText')}
        art={tileArt('RNG')}
      />
      <Lobby preferredVendors={own} />
      <VendorList vendors={vendors} heading={t('games.vendorList')} withGameList />
    </div>
  );
}
