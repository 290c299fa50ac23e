import type { Resource } from '@aurum/contract';
import { useTranslation } from 'react-i18next';
import { Button, Icon } from '../../../components/ui';
import { formatDateTimeInline } from '../../../lib/format';
import { customerServiceOf, useOpenCustomerService } from '../../../lib/support/customer-service';
import { StatusLayout } from './status-layout';
import styles from './status-layout.module.css';

interface MaintenancePageProps {
  brandName: string;
  logo: string;
  maintenanceEnd: number | null;
  resources: readonly Resource[];
}

/** Spec §2 Start-up: title, end time if known, info text, customer-service button. */
export default function MaintenancePage({
  brandName,
  logo,
  maintenanceEnd,
  resources,
}: MaintenancePageProps) {
  const { t } = useTranslation();
  const openCs = useOpenCustomerService();
  const cs = customerServiceOf(resources)[0];
  return (
    <StatusLayout brandName={brandName} logo={logo} art="/media/status/maintenance.svg" kind="maintenance">
      <h1>{t('system.maintenanceTitle')}</h1>
      {maintenanceEnd ? (
        <p className={styles.meta} data-maintenance-end={maintenanceEnd}>
          {t('system.maintenanceEnd', { time: formatDateTimeInline(maintenanceEnd) })}
        </p>
      ) : null}
      <p>{t('system.maintenanceText')}</p>
      {cs ? (
        <Button size="lg" onClick={() => openCs(cs)}>
          <Icon name="headset" />
          {t('common.contactCustomerService')}
        </Button>
      ) : null}
    </StatusLayout>
  );
}
