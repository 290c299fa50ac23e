import { Icon } from '../../../components/ui';
import { GLYPHS } from '../../../lib/money/glyphs';
import { useCashierTexts } from '../../../lib/money/texts';
import type { BoundAccountView } from '../api/withdraw-settings';
import styles from '../cashier.module.css';

/** A bound account as the member recognises it: provider, masked number, payee. */
export function AccountLabel({
  account,
}: {
  account: Pick<BoundAccountView, 'type' | 'provider' | 'accountNumber'> & { payeeName?: string };
}) {
  const { t } = useCashierTexts();
  return (
    <span className={styles.accountLabel}>
      <span className={styles.accountIcon} aria-hidden="true">
        <Icon path={GLYPHS[account.type === 'BANK' ? 'bank' : 'wallet']} size={20} />
      </span>
      <span className={styles.accountText}>
        <span className={styles.accountProvider}>{account.provider}</span>
        <span className={styles.accountNumber}>
          <span className="visually-hidden">{t(`accounts.type.${account.type}`)} </span>
          <span className="tabular">{account.accountNumber}</span>
          {account.payeeName ? <span> · {account.payeeName}</span> : null}
        </span>
      </span>
    </span>
  );
}

/** "Metrobank ****6789": a one-line name for buttons and dialogs. */
export const accountName = (account: Pick<BoundAccountView, 'provider' | 'accountNumber'>) =>
  `${account.provider} ${account.accountNumber}`;
