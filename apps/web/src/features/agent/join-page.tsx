import { useTranslation } from 'react-i18next';
import { Button, Icon, PageHeader, useModal } from '../../components/ui';
import { useBrand, useFeature, useResources } from '../../lib/site';
import { useOpenCustomerService } from '../../lib/support/customer-service';
import styles from './agent.module.css';

/** /join: becoming an agent (header only). */
export default function JoinPage() {
  const { t } = useTranslation();
  const brand = useBrand();
  const modal = useModal();
  const canRegister = useFeature('DIRECTREG3');
  const cs = useResources('CUSTOMER_SERVICE');
  const openCs = useOpenCustomerService();
  const benefits = [t('join.benefit1'), t('join.benefit2'), t('join.benefit3')];
  return (
    <div className={styles.page} data-page="join">
      <PageHeader title={t('join.title')} subtitle={t('join.subtitle', { brand: brand.name })}>
        <div className={styles.actions}>
          {canRegister ? (
            <Button size="lg" variant="highlight" onClick={() => modal.open('register')}>
              {t('join.cta')}
            </Button>
          ) : null}
          {cs.length > 0 ? (
            <Button size="lg" variant="secondary" onClick={() => openCs(cs[0])}>
              <Icon name="headset" />
              {t('common.contactCustomerService')}
            </Button>
          ) : null}
        </div>
      </PageHeader>
      <ul className={styles.benefits}>
        {benefits.map((b) => (
          <li key={b} className={styles.benefit}>
            <Icon name="check" size={20} className={styles.check} />
            <span>{b}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
