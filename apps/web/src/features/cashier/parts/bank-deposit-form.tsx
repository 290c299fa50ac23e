import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui';
import { FormFailure, TextField, useForm } from '../../../components/ui/form';
import { formatWireMoney } from '../../../lib/format';
import { amountValidator, quickAmounts, wireLimits } from '../../../lib/money/amount';
import { moneyErrorText } from '../../../lib/money/errors';
import { AmountField } from '../../../lib/money/fields';
import { useIntentKey } from '../../../lib/money/intent-key';
import type { ProofImage } from '../../../lib/money/proof-image';
import { useCashierTexts, useFundsTexts } from '../../../lib/money/texts';
import { useCreateDeposit } from '../api/create-deposit';
import type { DepositOrderView } from '../api/deposit-orders';
import type { DepositChannelView } from '../api/deposit-settings';
import styles from '../cashier.module.css';
import { CopyButton } from './copy-button';
import { Live, Note } from './messages';
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
  const { t: tc } = useTranslation();
  const [done, setDone] = useState<DepositOrderView | null>(null);
  const intent = useIntentKey();
  const mutation = useCreateDeposit();
  const limits = wireLimits({ min: channel.minAmount, max: channel.maxAmount });

  const form = useForm({
    initial: { amount: '', reference: '', proofImage: null as ProofImage | null },
    optional: ['proofImage'],
    validators: {
      amount: amountValidator(tf, limits, symbol),
      reference: (value) => (value.trim() ? null : t('deposit.referenceRequired')),
    },
    onSubmit: async (values, f) => {
      const request = {
        channelId: channel.id,
        amount: values.amount.trim(),
        reference: values.reference.trim(),
        ...(values.proofImage ? { proofImage: values.proofImage.dataUrl } : {}),
      };
      try {
        const order = await mutation.mutateAsync({ ...request, idempotencyKey: intent.keyFor(request) });
        intent.complete();
        setDone(order);
        f.setValues({ amount: '', reference: '', proofImage: null });
      } catch (error) {
        intent.failed(error);
        f.setFailure(moneyErrorText(tf, tc, error));
      }
    },
  });

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
        <form {...form.props} className={styles.form} data-form="deposit-bank">
          <AmountField
            label={t('deposit.amountSent')}
            {...form.field('amount')}
            symbol={symbol}
            hint={t('common.limits', {
              min: formatWireMoney(channel.minAmount, symbol),
              max: formatWireMoney(channel.maxAmount, symbol),
            })}
            chips={quickAmounts(limits.min ?? null, limits.max ?? null)}
          />
          <TextField
            label={t('deposit.reference')}
            {...form.field('reference')}
            maxLength={REFERENCE_MAX}
            autoComplete="off"
            hint={t('deposit.referenceHint')}
          />
          <ProofField label={t('deposit.proof')} {...form.field('proofImage')} />
          <FormFailure>{form.failure}</FormFailure>
          <Button
            type="submit"
            size="lg"
            block
            busy={form.submitting}
            disabled={form.submitting}
            data-action="deposit-submit"
          >
            {t('deposit.submitBank')}
          </Button>
        </form>
      )}
    </div>
  );
}
