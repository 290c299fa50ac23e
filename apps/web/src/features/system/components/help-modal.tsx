import { useTranslation } from 'react-i18next';
import { Button, Icon, ModalTitle } from '../../../components/ui';
import type { ModalBodyProps } from '../../../components/ui/modal';
import { useResources } from '../../../lib/site';
import { useOpenCustomerService } from '../../../lib/support/customer-service';
import styles from './help-modal.module.css';

/** The help centre. Its articles (GET /wps/system/helpCenter) arrive with the content issue. */
export default function HelpModal(_: ModalBodyProps<'help'>) {
  const { t } = useTranslation();
  const cs = useResources('CUSTOMER_SERVICE');
  const openCs = useOpenCustomerService();
  return (
    <div className={styles.help}>
      <ModalTitle>{t('help.title')}</ModalTitle>
      <section aria-labelledby="help-categories" className={styles.section}>
        <h3 id="help-categories" className={styles.heading}>
          {t('help.categories')}
        </h3>
        <p className={styles.muted}>{t('help.empty')}</p>
      </section>
      <section className={styles.contact}>
        <Icon name="headset" size={28} />
        <p>{t('help.contactText')}</p>
        <Button onClick={() => openCs(cs[0])} disabled={cs.length === 0}>
          {t('common.contactCustomerService')}
        </Button>
      </section>
    </div>
  );
}
