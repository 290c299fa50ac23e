import type { Resource } from '@aurum/contract';
import { useTranslation } from 'react-i18next';
import { Button, Icon } from '../../../components/ui';
import { customerServiceOf, useOpenCustomerService } from '../../../lib/support/customer-service';
import { StatusLayout } from './status-layout';
import styles from './status-layout.module.css';

interface BlockedPageProps {
  brandName: string;
  logo: string;
  ip: string | null;
  resources: readonly Resource[];
}

/** Spec §2 Start-up: the visitor's IP, info text, customer-service button. */
export default function BlockedPage({ brandName, logo, ip, resources }: BlockedPageProps) {
  const { t } = useTranslation();
  const openCs = useOpenCustomerService();
  const cs = customerServiceOf(resources)[0];
  return (
    <StatusLayout brandName={brandName} logo={logo} art="/media/status/blocked.svg" kind="blocked">
      <h1>{t('system.blockedTitle')}</h1>
      {ip ? <p className={styles.meta}>{t('system.blockedIp', { ip })}</p> : null}
      <p>{t('system.blockedText')}</p>
      {cs ? (
        <Button size="lg" onClick={() => openCs(cs)}>
          <Icon name="headset" />
          {t('common.contactCustomerService')}
        </Button>
      ) : null}
    </StatusLayout>
  );
}
