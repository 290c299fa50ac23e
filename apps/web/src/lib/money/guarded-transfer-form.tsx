import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui';
import { FormFailure, useForm } from '../../components/ui/form';
import { errorCodeOf } from '../api';
import { formatWireMoney } from '../format/money';
import { amountValidator, wireLimits } from './amount';
import { moneyErrorText } from './errors';
import { AmountField, PaymentPasswordField, paymentPasswordProblem } from './fields';
import { useIntentKey } from './intent-key';
import styles from './money.module.css';
import type { ReceiptValue } from './receipt';
import { useFundsTexts } from './texts';

export interface GuardedTransferRequest {
  amount: string;
  paymentPassword: string;
  idempotencyKey: string;
}

interface Props {
  /** data-form hook for tests and journeys. */
  name: string;
  symbol: string;
  /** The main wallet's balance (wire text), what can be sent. */
  available: string | null;
  /** The merchant's limits per transfer, when the page knows them. */
  minimum?: string | null | undefined;
  maximum?: string | null | undefined;
  submitLabel: string;
  /** What else makes this intent (the recipient): a change of it is a new idempotency key. */
  intent?: unknown;
  /** Refuses to send while something else is missing (no downline picked yet). */
  blocked?: string | null;
  send: (request: GuardedTransferRequest) => Promise<ReceiptValue>;
  onDone: (receipt: ReceiptValue) => void;
  children?: ReactNode;
}

/**
 * Amount and payment password for money that leaves the member's hands (to the upline, to a
 * downline). Checked in the browser first (format, limits, balance), then sent once per intent:
 * a second click while sending does nothing, and a retry of the same request carries the same
 * idempotency key, so the server moves the money at most once.
 */
export function GuardedTransferForm({
  name,
  symbol,
  available,
  minimum,
  maximum,
  submitLabel,
  intent,
  blocked,
  send,
  onDone,
  children,
}: Props) {
  const { t: tc } = useTranslation();
  const { t } = useFundsTexts();
  const intentKey = useIntentKey();
  const limits = wireLimits({ min: minimum, max: maximum, available });
  const allAmount =
    limits.available != null && limits.max != null && limits.available > limits.max
      ? limits.max
      : limits.available;
  const availableText = formatWireMoney(available, symbol);
  const hint =
    minimum && maximum
      ? t('form.limits', {
          min: formatWireMoney(minimum, symbol),
          max: formatWireMoney(maximum, symbol),
          available: availableText,
        })
      : t('form.available', { available: availableText });

  const form = useForm({
    initial: { amount: '', paymentPassword: '' },
    validators: {
      amount: amountValidator(t, limits, symbol),
      paymentPassword: (value) => {
        const problem = paymentPasswordProblem(value);
        return problem ? t(`form.${problem}`) : null;
      },
    },
    onSubmit: async (values, f) => {
      if (blocked) {
        f.setFailure(blocked);
        return;
      }
      const request = { amount: values.amount.trim(), paymentPassword: values.paymentPassword };
      const idempotencyKey = intentKey.keyFor({ ...request, intent });
      try {
        const receipt = await send({ ...request, idempotencyKey });
        intentKey.complete();
        f.setValues({ amount: '', paymentPassword: '' });
        onDone(receipt);
      } catch (error) {
        intentKey.failed(error);
        // A wrong password belongs to its field (cleared, focused, described); the rest above the button.
        if (errorCodeOf(error) === 'payment.password.invalid') {
          f.setValues({ paymentPassword: '' });
          f.setError('paymentPassword', t('errors.paymentPasswordInvalid'));
        } else {
          f.setFailure(moneyErrorText(t, tc, error));
        }
      }
    },
  });

  return (
    <form {...form.props} className={styles.form} data-form={name} aria-busy={form.submitting || undefined}>
      {children}
      <AmountField {...form.field('amount')} symbol={symbol} hint={hint} all={allAmount} />
      <PaymentPasswordField {...form.field('paymentPassword')} />
      <FormFailure>{form.failure}</FormFailure>
      <Button
        type="submit"
        size="lg"
        block
        busy={form.submitting}
        disabled={form.submitting}
        data-action="submit-transfer"
      >
        {submitLabel}
      </Button>
    </form>
  );
}
