import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui';
import { imageUrl } from '../../../lib/cdn';
import { useBrand, useResources } from '../../../lib/site';
import { useOpenCustomerService } from '../../../lib/support/customer-service';
import styles from './auth.module.css';
import { type AuthTarget, PanelTitle } from './panel-title';

/** The register frame; the form itself (modes, rules, SMS) comes with the accounts issue. */
export function RegisterPanel({
  inModal,
  onSwitch,
}: {
  inModal: boolean;
  onSwitch: (target: AuthTarget) => void;
}) {
  const { t } = useTranslation();
  const brand = useBrand();
  const cs = useResources('CUSTOMER_SERVICE');
  const openCs = useOpenCustomerService();
  return (
    <div className={styles.panel} data-panel="register">
      <PanelTitle inModal={inModal}>{t('auth.registerTitle')}</PanelTitle>
      <img className={styles.mark} src={imageUrl(brand.mark)} alt="" width={56} height={56} />
      <p className={styles.lead}>{t('auth.registerText')}</p>
      <div className={styles.links}>
        <button type="button" className={styles.textLink} onClick={() => onSwitch('help')}>
          {t('auth.registerHelp')}
        </button>
        <button type="button" className={styles.textLink} onClick={() => onSwitch('forgotPassword')}>
          {t('auth.forgotPassword')}
        </button>
      </div>
      <div className={styles.switch}>
        <span>{t('auth.haveAccount')}</span>
        <button type="button" className={styles.textLink} onClick={() => onSwitch('login')}>
          {t('auth.logInNow')}
        </button>
      </div>
      {cs.length > 0 ? (
        <button type="button" className={styles.csLink} onClick={() => openCs(cs[0])}>
          <Icon name="headset" size={18} />
          {t('common.contactCustomerService')}
        </button>
      ) : null}
    </div>
  );
}
