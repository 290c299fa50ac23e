import { type FormEvent, useRef, useState } from 'react';
import { Button } from '../../../components/ui';
import { TextField } from '../../../components/ui/form';
import { formatWireMoney } from '../../../lib/format';
import {
  type AmountProblem,
  amountProblemText,
  checkAmount,
  quickAmounts,
  wireLimits,
} from '../../../lib/money/amount';
import { AmountField, focusFirstProblem } from '../../../lib/money/fields';
import { useIntentKey } from '../../../lib/money/intent-key';
import type { ProofImage } from '../../../lib/money/proof-image';
import { useCashierTexts, useFundsTexts } from '../../../lib/money/texts';
import { useCreateDeposit } from '../api/create-deposit';
import type { DepositOrderView } from '../api/deposit-orders';
import type { DepositChannelView } from '../api/deposit-settings';
import styles from '../cashier.module.css';
import { CopyButton } from './copy-button';
import { FormFailure, Live, Note } from './messages';
import { ProofField } from './proof-field';

/** The contract's reference limit. */
export const REFERENCE_MAX = 64;

function BankDetails({ bank }: { bank: NonNullable<DepositChannelView['bank']> }) {
  const { t } = useCashierTexts();
  const rows: [string, string, string][] = [
    ['bankName', t('deposit.bankName'), bank.bankName],
    ['accountName', t('deposit.accountName'), bank.accountName],
    ['accountNumber', t('deposit.accountNumber'), bank.accountNumber],
  ];
  return (
    <dl className={styles.bankDetails} data-bank-details="true">
      {rows.map(([key, label, value]) => (
        <div key={key} className={styles.bankRow} data-bank={key}>
          <dt>{label}</dt>
          <dd>
            <span className={styles.bankValue}>{value}</span>
            <CopyButton text={value} label={label} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * A manual bank transfer: the merchant's bank details to copy, then the amount sent, the
 * transfer's reference and, if the member has it, the receipt; the operator approves it later.
 */
export function BankDepositForm({ channel, symbol }: { channel: DepositChannelView; symbol: string }) {
  const { t } = useCashierTexts();
  const { t: tf } = useFundsTexts();
  const form = useRef<HTMLFormElement>(null);
  const [amount, setAmount] = useState('');
  const [reference, setReference] = useState('');
  const [proof, setProof] = useState<ProofImage | null>(null);
  const [problems, setProblems] = useState<{ amount: AmountProblem | null; reference: string | null }>({
    amount: null,
    reference: null,
  });
  const [done, setDone] = useState<DepositOrderView | null>(null);
  const intent = useIntentKey();
  const mutation = useCreateDeposit();
  const limits = wireLimits({ min: channel.minAmount, max: channel.maxAmount });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (mutation.isPending) return;
    const found = {
      amount: checkAmount(amount, limits),
      reference: reference.trim() ? null : t('deposit.referenceRequired'),
    };
    setProblems(found);
    if (found.amount || found.reference) {
      focusFirstProblem(form.current, found);
      return;
    }
    const request = {
      channelId: channel.id,
      amount: amount.trim(),
      reference: reference.trim(),
      ...(proof ? { proofImage: proof.dataUrl } : {}),
    };
    mutation.mutate(
      { ...request, idempotencyKey: intent.keyFor(request) },
      {
        onSuccess: (order) => {
          intent.complete();
          setDone(order);
          setAmount('');
          setReference('');
          setProof(null);
        },
        onError: intent.failed,
      },
    );
  };

  return (
    <div className={styles.stack}>
      {channel.bank ? <BankDetails bank={channel.bank} /> : null}
      <Live>
        {done ? (
          <Note tone="success" title={t('deposit.bankSubmitted')} data="deposit-pending">
            <p>
              {t('deposit.bankPending', {
                orderNo: done.orderNo,
                amount: formatWireMoney(done.amount, symbol),
              })}
            </p>
          </Note>
        ) : null}
      </Live>
      {done ? (
        <Button variant="secondary" onClick={() => setDone(null)} data-action="deposit-again">
          {t('deposit.another')}
        </Button>
      ) : (
        <form ref={form} className={styles.form} noValidate onSubmit={submit} data-form="deposit-bank">
          <AmountField
            label={t('deposit.amountSent')}
            value={amount}
            onChange={(v) => {
              setAmount(v);
              if (problems.amount) setProblems((p) => ({ ...p, amount: null }));
            }}
            symbol={symbol}
            error={problems.amount ? amountProblemText(tf, problems.amount, symbol) : undefined}
            hint={t('common.limits', {
              min: formatWireMoney(channel.minAmount, symbol),
              max: formatWireMoney(channel.maxAmount, symbol),
            })}
            chips={quickAmounts(limits.min ?? null, limits.max ?? null)}
          />
          <TextField
            name="reference"
            label={t('deposit.reference')}
            value={reference}
            onChange={(v) => {
              setReference(v);
              if (problems.reference) setProblems((p) => ({ ...p, reference: null }));
            }}
            maxLength={REFERENCE_MAX}
            autoComplete="off"
            hint={t('deposit.referenceHint')}
            error={problems.reference ?? undefined}
          />
          <ProofField label={t('deposit.proof')} value={proof} onChange={setProof} optional />
          <FormFailure error={mutation.error} />
          <Button
            type="submit"
            size="lg"
            block
            busy={mutation.isPending}
            disabled={mutation.isPending}
            data-action="deposit-submit"
          >
            {t('deposit.submitBank')}
          </Button>
        </form>
      )}
    </div>
  );
}
