import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader, useModal } from '../../../components/ui';
import { PageBanner } from '../../../lib/content/page-banner';
import { hasGames, vendorsOf } from '../../../lib/games';
import { useGameMenus } from '../../../lib/site';
import { VendorList } from '../components/vendor-list';
import styles from './pages.module.css';

/**
 * /cockfight: opens the first cockfight vendor with a game that plays directly (spec §2), over
 * its category page; without one the page shows the category's empty state and launches nothing.
 */
export default function CockfightPage() {
  const { t } = useTranslation();
  const modal = useModal();
  const { menus } = useGameMenus();
  const vendors = useMemo(() => vendorsOf(menus, 'COCKFIGHT'), [menus]);
  const first = vendors.find(hasGames);
  const opened = useRef(false);
  useEffect(() => {
    if (!first || opened.current) return;
    opened.current = true;
    modal.open('gameLaunch', {
      vassalage: first.vassalage,
      gameType: first.gameType,
      name: first.name,
      icon: first.icon,
    });
  }, [first, modal]);
  return (
    <div className={styles.page} data-page="category" data-game-type="COCKFIGHT">
      <PageBanner group="cockfight" />
      <PageHeader title={t('categories.COCKFIGHT')} subtitle={t('categoryText.COCKFIGHT')} />
      <VendorList vendors={vendors} heading={t('games.vendorList')} />
    </div>
  );
}
