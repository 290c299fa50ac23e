import type { DepositStatus, WithdrawStatus } from '@aurum/contract';
import { cx } from '../../../components/ui';
import { useCashierTexts } from '../../../lib/money/texts';
import styles from '../cashier.module.css';

type Tone = 'pending' | 'success' | 'info' | 'neutral' | 'danger';

const DEPOSIT_TONE: Record<DepositStatus, Tone> = {
  PENDING: 'pending',
  PAID: 'success',
  EXPIRED: 'neutral',
  REJECTED: 'danger',
};

const WITHDRAW_TONE: Record<WithdrawStatus, Tone> = {
  PENDING: 'pending',
  REJECTED: 'danger',
  PAID: 'info',
  RECEIVED: 'success',
  AUTO_RECEIVED: 'success',
  NOT_RECEIVED: 'pending',
  MARGIN_RETURNED: 'success',
  FORCED_RECEIVED: 'neutral',
};

export function DepositStatusBadge({ status }: { status: DepositStatus }) {
  const { t } = useCashierTexts();
  return (
    <span className={cx(styles.badge, styles[DEPOSIT_TONE[status]])} data-status={status}>
      {t(`deposit.status.${status}`)}
    </span>
  );
}

export function WithdrawStatusBadge({ status }: { status: WithdrawStatus }) {
  const { t } = useCashierTexts();
  return (
    <span className={cx(styles.badge, styles[WITHDRAW_TONE[status]])} data-status={status}>
      {t(`withdraw.status.${status}`)}
    </span>
  );
}
