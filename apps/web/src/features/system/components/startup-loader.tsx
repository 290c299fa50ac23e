import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui';
import { imageUrl } from '../../../lib/cdn';
import styles from './startup-loader.module.css';

/** The branded full-screen loader shown while the start-up calls run. */
export function StartupLoader({ brandName, logo }: { brandName: string; logo: string }) {
  const { t } = useTranslation();
  return (
    <div className={styles.loader} data-status-page="loading" aria-busy="true">
      <img className={styles.logo} src={imageUrl(logo)} alt={brandName} width={200} height={50} />
      <Spinner label={t('system.loading', { brand: brandName })} size={36} />
    </div>
  );
}
