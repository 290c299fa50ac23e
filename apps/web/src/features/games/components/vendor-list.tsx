import type { VendorCard as Vendor } from '@aurum/contract';
import { useTranslation } from 'react-i18next';
import { Button, EmptyState } from '../../../components/ui';
import { hasGames } from '../../../lib/games';
import { useGameMenus } from '../../../lib/site';
import { VendorCard, VendorCardSkeleton } from './vendor-card';
import styles from './vendor-list.module.css';

interface VendorListProps {
  vendors: readonly Vendor[];
  heading: string;
  withGameList?: boolean;
  gameCode?: string;
}

/**
 * A category's providers from game_menus, with loading, failure and empty states. A provider
 * appears only when it has games that play here: a card that opens nothing is not offered.
 */
export function VendorList({ vendors: all, heading, withGameList, gameCode }: VendorListProps) {
  const { t } = useTranslation();
  const { status, retry } = useGameMenus();
  const vendors = all.filter(hasGames);
  return (
    <section aria-labelledby="vendor-list-heading" className={styles.section} data-vendor-list="true">
      <h2 id="vendor-list-heading" className={styles.heading}>
        {heading}
      </h2>
      {status === 'pending' ? (
        <ul className={styles.grid} aria-busy="true">
          {[0, 1, 2, 3].map((i) => (
            <VendorCardSkeleton key={i} />
          ))}
        </ul>
      ) : status === 'error' && vendors.length === 0 ? (
        <EmptyState
          title={t('home.menusFailed')}
          text={t('errors.network')}
          action={<Button onClick={retry}>{t('common.retry')}</Button>}
        />
      ) : vendors.length === 0 ? (
        <EmptyState title={t('games.noVendors')} text={t('games.noVendorsText')} />
      ) : (
        <ul className={styles.grid}>
          {vendors.map((v) => (
            <VendorCard key={v.vassalage} vendor={v} withGameList={withGameList} gameCode={gameCode} />
          ))}
        </ul>
      )}
    </section>
  );
}
