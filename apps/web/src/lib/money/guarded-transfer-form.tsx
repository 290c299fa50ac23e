import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui';
import { errorCodeOf } from '../api';
import { formatWireMoney } from '../format/money';
import { amountProblemText, checkAmount, wireLimits } from './amount';
import { moneyErrorText } from './errors';
import { AmountField, FormFailure, PaymentPasswordField, paymentPasswordProblem } from './fields';
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

type Problems = { amount?: string | undefined; paymentPassword?: string | undefined };

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
  const form = useRef<HTMLFormElement>(null);
  const sending = useRef(false);
  const intentKey = useIntentKey();
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

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

  // Focus goes to the first field in trouble once it is rendered as such.
  const [focusRequest, setFocusRequest] = useState(0);
  const focusInvalid = () => setFocusRequest((n) => n + 1);
  useEffect(() => {
    if (focusRequest) form.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (sending.current) return;
    setFailure(null);
    const amountProblem = checkAmount(amount, limits);
    const passwordProblem = paymentPasswordProblem(password);
    const next: Problems = {
      amount: amountProblem ? amountProblemText(t, amountProblem, symbol) : undefined,
      paymentPassword: passwordProblem ? t(`form.${passwordProblem}`) : undefined,
    };
    setProblems(next);
    if (next.amount || next.paymentPassword) {
      focusInvalid();
      return;
    }
    if (blocked) {
      setFailure(blocked);
      return;
    }
    const request = { amount: amount.trim(), paymentPassword: password };
    const idempotencyKey = intentKey.keyFor({ ...request, intent });
    sending.current = true;
    setPending(true);
    try {
      const receipt = await send({ ...request, idempotencyKey });
      intentKey.complete();
      setAmount('');
      setPassword('');
      onDone(receipt);
    } catch (error) {
      intentKey.failed(error);
      // A wrong password belongs to its field (cleared, focused, described); the rest above the button.
      if (errorCodeOf(error) === 'payment.password.invalid') {
        setPassword('');
        setProblems({ paymentPassword: t('errors.paymentPasswordInvalid') });
        focusInvalid();
      } else {
        setFailure(moneyErrorText(t, tc, error));
      }
    } finally {
      sending.current = false;
      setPending(false);
    }
  };

  return (
    <form
      ref={form}
      className={styles.form}
      noValidate
      onSubmit={(e) => void submit(e)}
      data-form={name}
      aria-busy={pending || undefined}
    >
      {children}
      <AmountField
        value={amount}
        onChange={(v) => {
          setAmount(v);
          setProblems((p) => ({ ...p, amount: undefined }));
        }}
        symbol={symbol}
        error={problems.amount}
        hint={hint}
        all={allAmount}
      />
      <PaymentPasswordField
        value={password}
        onChange={(v) => {
          setPassword(v);
          setProblems((p) => ({ ...p, paymentPassword: undefined }));
        }}
        error={problems.paymentPassword}
      />
      <FormFailure>{failure}</FormFailure>
      <Button type="submit" size="lg" block busy={pending} disabled={pending} data-action="submit-transfer">
        {submitLabel}
      </Button>
    </form>
  );
}
