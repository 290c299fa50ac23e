import { type FormEvent, useState } from 'react';
import { Button, Modal, ModalTitle } from '../../../components/ui';
import { parseMoney } from '../../../lib/contract';
import { formatDateTime, formatMoneyDisplay, formatWireMoney } from '../../../lib/format';
import { AmountField, focusFirstProblem } from '../../../lib/money/fields';
import type { ProofImage } from '../../../lib/money/proof-image';
import { useCashierTexts } from '../../../lib/money/texts';
import { notify } from '../../../lib/notify/notify';
import { useConfirmWithdrawal } from '../api/confirm-withdrawal';
import type { WithdrawOrderView } from '../api/withdraw-orders';
import styles from '../cashier.module.css';
import { FormFailure } from './messages';
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
  const mutation = useConfirmWithdrawal();
  const confirm = () => {
    if (mutation.isPending) return;
    mutation.mutate(
      { orderNo: order.orderNo, result: 'RECEIVED' },
      {
        onSuccess: () => {
          notify(t('confirm.receivedDone'), 'success');
          onClose();
        },
      },
    );
  };
  return (
    <div className={styles.form}>
      <ModalTitle>{t('confirm.receivedTitle')}</ModalTitle>
      <p>
        {t('confirm.receivedText', { amount: formatWireMoney(order.amount, symbol), orderNo: order.orderNo })}
      </p>
      <FormFailure error={mutation.error} />
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onClose} disabled={mutation.isPending}>
          {t('common.cancel')}
        </Button>
        <Button
          busy={mutation.isPending}
          disabled={mutation.isPending}
          onClick={confirm}
          data-action="confirm-received"
        >
          {t('confirm.allReceived')}
        </Button>
      </div>
    </div>
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
  const mutation = useConfirmWithdrawal();
  const [received, setReceived] = useState('');
  const [proof, setProof] = useState<ProofImage | null>(null);
  const [problems, setProblems] = useState<{ received?: string | undefined; proof?: string | undefined }>({});
  const amountMinor = parseMoney(order.amount) ?? 0n;
  const checked = received.trim() ? checkReceived(received, order.amount) : null;
  const remaining = checked && 'minor' in checked ? amountMinor - checked.minor : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (mutation.isPending) return;
    const result = checkReceived(received, order.amount);
    const found = {
      received:
        'problem' in result
          ? t(`confirm.${result.problem as 'receivedRequired' | 'receivedInvalid' | 'receivedTooHigh'}`, {
              amount: formatWireMoney(order.amount, symbol),
            })
          : undefined,
      proof: proof ? undefined : t('proof.required'),
    };
    setProblems(found);
    if (found.received || found.proof || !proof) {
      focusFirstProblem(e.currentTarget as HTMLFormElement, {
        receivedAmount: found.received,
        proofImage: found.proof,
      });
      return;
    }
    mutation.mutate(
      {
        orderNo: order.orderNo,
        result: 'NOT_RECEIVED',
        receivedAmount: received.trim(),
        proofImage: proof.dataUrl,
      },
      {
        onSuccess: () => {
          notify(t('confirm.notReceivedDone'), 'success');
          onClose();
        },
      },
    );
  };

  return (
    <form className={styles.form} noValidate onSubmit={submit} data-form="withdraw-not-received">
      <ModalTitle>{t('confirm.notReceivedTitle')}</ModalTitle>
      <p className={styles.muted}>
        {t('confirm.notReceivedText', {
          amount: formatWireMoney(order.amount, symbol),
          orderNo: order.orderNo,
        })}
      </p>
      <AmountField
        name="receivedAmount"
        label={t('confirm.receivedAmount')}
        value={received}
        onChange={(v) => {
          setReceived(v);
          setProblems((p) => ({ ...p, received: undefined }));
        }}
        symbol={symbol}
        hint={t('confirm.receivedHint')}
        error={problems.received}
      />
      <p className={styles.remaining} aria-live="polite" data-remaining={remaining?.toString() ?? ''}>
        <span>{t('confirm.remaining')}</span>
        <strong className="tabular">
          {remaining === null ? '—' : formatMoneyDisplay(remaining, symbol)}
        </strong>
      </p>
      <ProofField
        label={t('confirm.proof')}
        value={proof}
        onChange={(image) => {
          setProof(image);
          setProblems((p) => ({ ...p, proof: undefined }));
        }}
        error={problems.proof}
      />
      <FormFailure error={mutation.error} />
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onClose} disabled={mutation.isPending}>
          {t('common.cancel')}
        </Button>
        <Button
          type="submit"
          busy={mutation.isPending}
          disabled={mutation.isPending}
          data-action="confirm-not-received"
        >
          {t('confirm.report')}
        </Button>
      </div>
    </form>
  );
}

/** "Counts as received on …" for a PAID withdrawal. */
export function ConfirmByHint({ confirmBy }: { confirmBy: number | null }) {
  const { t } = useCashierTexts();
  if (confirmBy === null) return null;
  return <p className={styles.hint}>{t('confirm.confirmBy', { time: formatDateTime(confirmBy) })}</p>;
}
