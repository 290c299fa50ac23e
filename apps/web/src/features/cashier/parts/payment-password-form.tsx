import { type FormEvent, useRef, useState } from 'react';
import { Button } from '../../../components/ui';
import { PasswordField } from '../../../components/ui/form';
import { errorCodeOf, isApiError } from '../../../lib/api';
import { focusFirstProblem, PIN_PATTERN, PinField } from '../../../lib/money/fields';
import { useCashierTexts, useFundsTexts } from '../../../lib/money/texts';
import { notify } from '../../../lib/notify/notify';
import { useSetPaymentPassword } from '../api/payment-password';
import styles from '../cashier.module.css';
import { FormFailure } from './messages';

type Field = 'loginPassword' | 'oldPaymentPassword' | 'newPaymentPassword' | 'confirmPaymentPassword';
type Values = Record<Field, string>;
type Problems = Partial<Record<Field, string>>;

/** Problem keys of the cashier catalogue, per field, before anything is sent. */
export function validatePaymentPassword(values: Values, hasPassword: boolean) {
  const problems: Partial<Record<Field, 'loginRequired' | 'oldRequired' | 'sixDigits' | 'mismatch'>> = {};
  if (!hasPassword && !values.loginPassword) problems.loginPassword = 'loginRequired';
  if (hasPassword && !values.oldPaymentPassword) problems.oldPaymentPassword = 'oldRequired';
  if (!PIN_PATTERN.test(values.newPaymentPassword)) problems.newPaymentPassword = 'sixDigits';
  if (values.confirmPaymentPassword !== values.newPaymentPassword)
    problems.confirmPaymentPassword = 'mismatch';
  return problems;
}

/** Which field a refusal is about, so the text shows where the member looks. */
const FIELD_OF_CODE: Record<string, Exclude<Field, 'newPaymentPassword'>> = {
  'payment.password.invalid': 'oldPaymentPassword',
  'payment.password.mismatch': 'confirmPaymentPassword',
  'login.failed': 'loginPassword',
  'password.old.wrong': 'loginPassword',
};

/** Why the server found a new payment password too easy to guess (`details.newPaymentPassword`). */
const WEAK_REASONS = ['pin_repeated', 'pin_sequence', 'pin_birthday'] as const;

const EMPTY: Values = {
  loginPassword: '',
  oldPaymentPassword: '',
  newPaymentPassword: '',
  confirmPaymentPassword: '',
};

/**
 * Sets the withdraw (payment) password — the first time proven by the login password — or
 * changes it with the current one. Six digits, entered twice.
 */
export function PaymentPasswordForm({ hasPassword, onDone }: { hasPassword: boolean; onDone?: () => void }) {
  const { t } = useCashierTexts();
  const { t: tf } = useFundsTexts();
  const form = useRef<HTMLFormElement>(null);
  const mutation = useSetPaymentPassword();
  const [values, setValues] = useState<Values>(EMPTY);
  const [problems, setProblems] = useState<Problems>({});
  const [failure, setFailure] = useState<unknown>(null);

  const set = (field: Field) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (problems[field]) setProblems((p) => ({ ...p, [field]: undefined }));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (mutation.isPending) return;
    setFailure(null);
    const found = validatePaymentPassword(values, hasPassword);
    const texts: Problems = Object.fromEntries(
      Object.entries(found).map(([field, key]) => [field, t(`paymentPassword.${key}`)]),
    );
    setProblems(texts);
    if (Object.keys(texts).length > 0) {
      focusFirstProblem(form.current, texts);
      return;
    }
    const { newPaymentPassword, confirmPaymentPassword } = values;
    const body = hasPassword
      ? { oldPaymentPassword: values.oldPaymentPassword, newPaymentPassword, confirmPaymentPassword }
      : { loginPassword: values.loginPassword, newPaymentPassword, confirmPaymentPassword };
    mutation.mutate(body, {
      onSuccess: () => {
        notify(t(hasPassword ? 'paymentPassword.changed' : 'paymentPassword.setDone'), 'success');
        setValues(EMPTY);
        onDone?.();
      },
      onError: (error) => {
        // Too easy to guess (a repeat, a run, the birthday): the server's reason, under the field.
        const weak = isApiError(error) ? error.details?.newPaymentPassword : undefined;
        if (errorCodeOf(error) === 'payment.password.weak') {
          const key = WEAK_REASONS.find((r) => r === weak);
          setProblems({
            newPaymentPassword: key ? t(`paymentPassword.weak.${key}`) : tf('errors.paymentPasswordWeak'),
          });
          return;
        }
        // A refusal about a field the form shows goes under that field; the rest above the button.
        const field = FIELD_OF_CODE[errorCodeOf(error) ?? ''];
        const shown =
          field === 'loginPassword' ? !hasPassword : field === 'oldPaymentPassword' ? hasPassword : !!field;
        if (field && shown) setProblems({ [field]: t(`paymentPassword.wrong.${field}`) });
        else setFailure(error);
      },
    });
  };

  return (
    <form
      ref={form}
      className={styles.form}
      noValidate
      onSubmit={submit}
      data-form={hasPassword ? 'payment-password-change' : 'payment-password-set'}
    >
      {hasPassword ? (
        <PinField
          name="oldPaymentPassword"
          label={t('paymentPassword.old')}
          value={values.oldPaymentPassword}
          onChange={set('oldPaymentPassword')}
          error={problems.oldPaymentPassword}
        />
      ) : (
        <PasswordField
          name="loginPassword"
          label={t('paymentPassword.login')}
          autoComplete="current-password"
          value={values.loginPassword}
          onChange={set('loginPassword')}
          error={problems.loginPassword}
          hint={t('paymentPassword.loginHint')}
          maxLength={64}
        />
      )}
      <PinField
        name="newPaymentPassword"
        label={t('paymentPassword.new')}
        value={values.newPaymentPassword}
        onChange={set('newPaymentPassword')}
        error={problems.newPaymentPassword}
        hint={t('paymentPassword.newHint')}
        isNew
      />
      <PinField
        name="confirmPaymentPassword"
        label={t('paymentPassword.confirm')}
        value={values.confirmPaymentPassword}
        onChange={set('confirmPaymentPassword')}
        error={problems.confirmPaymentPassword}
        isNew
      />
      <FormFailure error={failure} />
      <Button
        type="submit"
        block
        busy={mutation.isPending}
        disabled={mutation.isPending}
        data-action={hasPassword ? 'change-payment-password' : 'set-payment-password'}
      >
        {hasPassword ? t('paymentPassword.change') : t('paymentPassword.set')}
      </Button>
    </form>
  );
}
