import type { VendorCard as Vendor } from '@aurum/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon, Img } from '../../../components/ui';
import { paths } from '../../../lib/routes/paths';
import styles from './vendor-card.module.css';
import { VendorStartButton } from './vendor-start';

interface VendorCardProps {
  vendor: Vendor;
  /** RNG vendors also link to their game list (the named route gameListCenter). */
  withGameList?: boolean;
  gameCode?: string;
}

/** A provider: its mark, its name and a start-game button (the launch, or its popup game list). */
export function VendorCard({ vendor, withGameList, gameCode }: VendorCardProps) {
  const { t } = useTranslation();
  return (
    <li className={styles.card} data-vendor={vendor.vassalage}>
      <div className={styles.art}>
        <Img src={vendor.icon} alt="" ratio={16 / 9} fit="contain" className={styles.img} />
      </div>
      <h3 className={styles.name}>{vendor.name}</h3>
      <div className={styles.actions}>
        <VendorStartButton
          vendor={vendor}
          gameCode={gameCode}
          label={t('games.startVendor', { name: vendor.name })}
        >
          <Icon name="play" size={16} />
          {t('common.startGame')}
        </VendorStartButton>
        {withGameList ? (
          <Link
            className={styles.browse}
            to={paths.gameListCenter(vendor.vassalage, vendor.gameType)}
            aria-label={t('games.browseVendor', { name: vendor.name })}
          >
            <Icon name="grid" size={18} />
          </Link>
        ) : null}
      </div>
    </li>
  );
}

/** The same footprint while the catalogue loads, so nothing jumps. */
export function VendorCardSkeleton() {
  return (
    <li className={`${styles.card} ${styles.skeleton}`} aria-hidden="true">
      <div className={styles.art} />
      <div className={styles.line} />
      <div className={styles.lineShort} />
    </li>
  );
}
