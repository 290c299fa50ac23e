import { Icon } from '../../../../components/ui';
import { useAccountTexts } from '../../../../lib/account/texts';
import { useResources } from '../../../../lib/site';
import { useOpenCustomerService } from '../../../../lib/support/customer-service';
import styles from './auth.module.css';

/** The way from one sign-in panel to another, under a rule: "No account? Register now". */
export function PanelSwitch({
  lead,
  label,
  onClick,
}: {
  /** The words before the link, if any. */
  lead?: string;
  label: string;
  onClick: () => void;
}) {
  return (
    <div className={styles.switch}>
      {lead ? <span>{lead}</span> : null}
      <button type="button" className={styles.textLink} onClick={onClick}>
        {label}
      </button>
    </div>
  );
}

/** The site's first customer service channel at the foot of a panel; nothing when it has none. */
export function CustomerServiceLink() {
  const { t } = useAccountTexts();
  const cs = useResources('CUSTOMER_SERVICE');
  const openCs = useOpenCustomerService();
  if (cs.length === 0) return null;
  return (
    <button type="button" className={styles.csLink} onClick={() => openCs(cs[0])}>
      <Icon name="headset" size={18} />
      {t('login.customerService')}
    </button>
  );
}
