import { useTranslation } from 'react-i18next';
import { Button, Icon } from '../../../components/ui';
import { useResources } from '../../../lib/site';
import { useOpenCustomerService } from '../../../lib/support/customer-service';
import styles from './auth.module.css';
import { type AuthTarget, PanelTitle } from './panel-title';

/** The forgot-password frame; the email and mobile tabs come with the accounts issue. */
export function ForgotPasswordPanel({
  inModal,
  onSwitch,
}: {
  inModal: boolean;
  onSwitch: (target: AuthTarget) => void;
}) {
  const { t } = useTranslation();
  const cs = useResources('CUSTOMER_SERVICE');
  const openCs = useOpenCustomerService();
  return (
    <div className={styles.panel} data-panel="forgotPassword">
      <PanelTitle inModal={inModal}>{t('auth.forgotTitle')}</PanelTitle>
      <Icon name="lock" size={40} className={styles.bigIcon} />
      <p className={styles.lead}>{t('auth.forgotText')}</p>
      {cs.length > 0 ? (
        <Button size="lg" block onClick={() => openCs(cs[0])}>
          <Icon name="headset" />
          {t('common.contactCustomerService')}
        </Button>
      ) : null}
      <div className={styles.switch}>
        <button type="button" className={styles.textLink} onClick={() => onSwitch('login')}>
          {t('auth.backToLogin')}
        </button>
      </div>
    </div>
  );
}
