import { useTranslation } from 'react-i18next';
import { Icon, MediaIcon, Menu, type MenuItem } from '../../../components/ui';
import { useResources } from '../../../lib/site';
import { useOpenCustomerService } from '../../../lib/support/customer-service';
import { useSupportMenuItems } from '../../../lib/support/support-menu';
import styles from './header-controls.module.css';

export const socialIcon = (name: string) => `/media/social/${name.toLowerCase()}.svg`;

/** Spec §2 Header: customer-service entries (csType icon + name), each opening the 440 x 750 popup. */
export function CustomerServiceMenu() {
  const { t } = useTranslation();
  const entries = useResources('CUSTOMER_SERVICE');
  const open = useOpenCustomerService();
  const support = useSupportMenuItems();
  if (entries.length === 0 && support.length === 0) return null;
  return (
    <Menu
      label={t('common.customerService')}
      menuLabel={t('header.customerServiceMenu')}
      testId="customer-service-menu"
      buttonClassName={styles.control}
      trigger={<Icon name="headset" />}
      items={entries
        .map(
          (r): MenuItem => ({
            key: `${r.csType ?? 'cs'}-${r.url}`,
            label: r.name,
            icon: r.csType ? (
              <MediaIcon src={socialIcon(r.csType)} size={18} />
            ) : (
              <Icon name="headset" size={18} />
            ),
            onSelect: () => open(r),
          }),
        )
        .concat(support)}
    />
  );
}

/** The same entries as buttons, for the drawer and the right bar. */
export function CustomerServiceList({ className }: { className?: string }) {
  const entries = useResources('CUSTOMER_SERVICE');
  const open = useOpenCustomerService();
  return (
    <ul className={className ?? styles.csList}>
      {entries.map((r) => (
        <li key={`${r.csType ?? 'cs'}-${r.url}`}>
          <button type="button" className={styles.csItem} onClick={() => open(r)}>
            {r.csType ? (
              <MediaIcon src={socialIcon(r.csType)} size={18} />
            ) : (
              <Icon name="headset" size={18} />
            )}
            <span>{r.name}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
