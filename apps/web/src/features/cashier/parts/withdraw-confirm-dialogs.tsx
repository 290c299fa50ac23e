import { useTranslation } from 'react-i18next';
import { Modal, ModalTitle } from '../../../components/ui';
import { FormFailure, useForm } from '../../../components/ui/form';
import { parseMoney } from '../../../lib/contract';
import { formatDateTime, formatMoneyDisplay, formatWireMoney } from '../../../lib/format';
import { moneyErrorText } from '../../../lib/money/errors';
import { AmountField } from '../../../lib/money/fields';
import type { ProofImage } from '../../../lib/money/proof-image';
import { useCashierTexts, useFundsTexts } from '../../../lib/money/texts';
import { notify } from '../../../lib/notify/notify';
import { useConfirmWithdrawal } from '../api/confirm-withdrawal';
import type { WithdrawOrderView } from '../api/withdraw-orders';
import styles from '../cashier.module.css';
import { FormActions } from './form-actions';
import { ProofField } from './proof-field';

export type ConfirmKind = 'received' | 'notReceived';

/**
 * What arrived of a withdrawal, in minor units: 0 up to less than the amount (a full amount is
 * "all received"); null with the problem's key otherwise.
 */
export function checkReceived(text: string, amount: string): { minor: bigint } | { problem: string } {
  const trimmed = text.trim();
  if (!trimmed) return { problem: 'receivedRequired' };
  const minor = trimmed.startsWith('-') ? null : parseMoney(trimmed);
  if (minor === null) return { problem: 'receivedInvalid' };
  if (minor >= (parseMoney(amount) ?? 0n)) return { problem: 'receivedTooHigh' };
  return { minor };
}

/** Spec §4 Withdrawal confirmation: all received, or not received with proof. */
export function ConfirmWithdrawalDialog({
  open,
  order,
  kind,
  symbol,
  onClose,
}: {
  open: boolean;
  /** Kept after closing, so the dialog fades out with its content. */
  order: WithdrawOrderView | null;
  kind: ConfirmKind;
  symbol: string;
  onClose: () => void;
}) {
  return (
    <Modal open={open && order !== null} onClose={onClose} size="sm" dataModal={`withdraw-${kind}`}>
      {order && kind === 'received' ? <ReceivedBody order={order} symbol={symbol} onClose={onClose} /> : null}
      {order && kind === 'notReceived' ? (
        <NotReceivedBody order={order} symbol={symbol} onClose={onClose} />
      ) : null}
    </Modal>
  );
}

function ReceivedBody({
  order,
  symbol,
  onClose,
}: {
  order: WithdrawOrderView;
  symbol: string;
  onClose: () => void;
}) {
  const { t } = useCashierTexts();
  const { t: tf } = useFundsTexts();
  const { t: tc } = useTranslation();
  const mutation = useConfirmWithdrawal();
  const form = useForm({
    initial: {},
    onSubmit: async (_values, f) => {
      try {
        await mutation.mutateAsync({ orderNo: order.orderNo, result: 'RECEIVED' });
        notify(t('confirm.receivedDone'), 'success');
        onClose();
      } catch (error) {
        f.setFailure(moneyErrorText(tf, tc, error));
      }
    },
  });
  return (
    <form {...form.props} className={styles.form} data-form="withdraw-received">
      <ModalTitle>{t('confirm.receivedTitle')}</ModalTitle>
      <p>
        {t('confirm.receivedText', { amount: formatWireMoney(order.amount, symbol), orderNo: order.orderNo })}
      </p>
      <FormFailure>{form.failure}</FormFailure>
      <FormActions
        submitting={form.submitting}
        onCancel={onClose}
        label={t('confirm.allReceived')}
        action="confirm-received"
      />
    </form>
  );
}

function NotReceivedBody({
  order,
  symbol,
  onClose,
}: {
  order: WithdrawOrderView;
  symbol: string;
  onClose: () => void;
}) {
  const { t } = useCashierTexts();
  const { t: tf } = useFundsTexts();
  const { t: tc } = useTranslation();
  const mutation = useConfirmWithdrawal();
  const form = useForm({
    initial: { receivedAmount: '', proofImage: null as ProofImage | null },
    validators: {
      receivedAmount: (value) => {
        const result = checkReceived(value, order.amount);
        return 'problem' in result
          ? t(`confirm.${result.problem as 'receivedRequired' | 'receivedInvalid' | 'receivedTooHigh'}`, {
              amount: formatWireMoney(order.amount, symbol),
            })
          : null;
      },
      proofImage: (value) => (value ? null : t('proof.required')),
    },
    onSubmit: async (values, f) => {
      if (!values.proofImage) return;
      try {
        await mutation.mutateAsync({
          orderNo: order.orderNo,
          result: 'NOT_RECEIVED',
          receivedAmount: values.receivedAmount.trim(),
          proofImage: values.proofImage.dataUrl,
        });
        notify(t('confirm.notReceivedDone'), 'success');
        onClose();
      } catch (error) {
        f.setFailure(moneyErrorText(tf, tc, error));
      }
    },
  });
  const received = form.values.receivedAmount;
  const amountMinor = parseMoney(order.amount) ?? 0n;
  const checked = received.trim() ? checkReceived(received, order.amount) : null;
  const remaining = checked && 'minor' in checked ? amountMinor - checked.minor : null;

  return (
    <form {...form.props} className={styles.form} data-form="withdraw-not-received">
      <ModalTitle>{t('confirm.notReceivedTitle')}</ModalTitle>
      <p className={styles.muted}>
        {t('confirm.notReceivedText', {
          amount: formatWireMoney(order.amount, symbol),
          orderNo: order.orderNo,
        })}
      </p>
      <AmountField
        label={t('confirm.receivedAmount')}
        {...form.field('receivedAmount')}
        symbol={symbol}
        hint={t('confirm.receivedHint')}
      />
      <p className={styles.remaining} aria-live="polite" data-remaining={remaining?.toString() ?? ''}>
        <span>{t('confirm.remaining')}</span>
        <strong className="tabular">
          {remaining === null ? '—' : formatMoneyDisplay(remaining, symbol)}
        </strong>
      </p>
      <ProofField label={t('confirm.proof')} {...form.field('proofImage')} />
      <FormFailure>{form.failure}</FormFailure>
      <FormActions
        submitting={form.submitting}
        onCancel={onClose}
        label={t('confirm.report')}
        action="confirm-not-received"
      />
    </form>
  );
}

/** "Counts as received on …" for a PAID withdrawal. */
export function ConfirmByHint({ confirmBy }: { confirmBy: number | null }) {
  const { t } = useCashierTexts();
  if (confirmBy === null) return null;
  return <p className={styles.hint}>{t('confirm.confirmBy', { time: formatDateTime(confirmBy) })}</p>;
}
