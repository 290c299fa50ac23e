import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui';
import { FormFailure, PasswordField, useForm } from '../../../components/ui/form';
import { errorCodeOf, isApiError } from '../../../lib/api';
import { moneyErrorText } from '../../../lib/money/errors';
import { PIN_PATTERN, PinField } from '../../../lib/money/fields';
import { useCashierTexts, useFundsTexts } from '../../../lib/money/texts';
import { notify } from '../../../lib/notify/notify';
import { useSetPaymentPassword } from '../api/payment-password';
import styles from '../cashier.module.css';
import { SecondFactorField, useSecondFactor } from './second-factor';

type Field = 'loginPassword' | 'oldPaymentPassword' | 'newPaymentPassword' | 'confirmPaymentPassword';
type Values = Record<Field, string>;

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
  const { t: tc } = useTranslation();
  const mutation = useSetPaymentPassword();
  const secondFactor = useSecondFactor();
  const form = useForm({
    initial: EMPTY,
    validate: (values) => {
      const found = validatePaymentPassword(values, hasPassword);
      return Object.fromEntries(
        Object.entries(found).map(([field, key]) => [field, t(`paymentPassword.${key}`)]),
      );
    },
    onSubmit: async (values, f) => {
      const { newPaymentPassword, confirmPaymentPassword } = values;
      const body = hasPassword
        ? { oldPaymentPassword: values.oldPaymentPassword, newPaymentPassword, confirmPaymentPassword }
        : { loginPassword: values.loginPassword, newPaymentPassword, confirmPaymentPassword };
      try {
        await mutation.mutateAsync({ ...body, ...secondFactor.payload() });
        secondFactor.reset();
      } catch (error) {
        secondFactor.asked(error);
        // Too easy to guess (a repeat, a run, the birthday): the server's reason, under the field.
        const weak = isApiError(error) ? error.details?.newPaymentPassword : undefined;
        if (errorCodeOf(error) === 'payment.password.weak') {
          const key = WEAK_REASONS.find((r) => r === weak);
          f.setErrors({
            newPaymentPassword: key ? t(`paymentPassword.weak.${key}`) : tf('errors.paymentPasswordWeak'),
          });
          return;
        }
        // A refusal about a field the form shows goes under that field; the rest above the button.
        const field = FIELD_OF_CODE[errorCodeOf(error) ?? ''];
        const shown =
          field === 'loginPassword' ? !hasPassword : field === 'oldPaymentPassword' ? hasPassword : !!field;
        if (field && shown) f.setErrors({ [field]: t(`paymentPassword.wrong.${field}`) });
        else f.setFailure(moneyErrorText(tf, tc, error));
        return;
      }
      notify(t(hasPassword ? 'paymentPassword.changed' : 'paymentPassword.setDone'), 'success');
      f.setValues(EMPTY);
      onDone?.();
    },
  });

  return (
    <form
      {...form.props}
      className={styles.form}
      data-form={hasPassword ? 'payment-password-change' : 'payment-password-set'}
    >
      {hasPassword ? (
        <PinField label={t('paymentPassword.old')} {...form.field('oldPaymentPassword')} />
      ) : (
        <PasswordField
          label={t('paymentPassword.login')}
          autoComplete="current-password"
          {...form.field('loginPassword')}
          hint={t('paymentPassword.loginHint')}
          maxLength={64}
        />
      )}
      <PinField
        label={t('paymentPassword.new')}
        {...form.field('newPaymentPassword')}
        hint={t('paymentPassword.newHint')}
        isNew
      />
      <PinField label={t('paymentPassword.confirm')} {...form.field('confirmPaymentPassword')} isNew />
      <SecondFactorField state={secondFactor} />
      <FormFailure>{form.failure}</FormFailure>
      <Button
        type="submit"
        block
        busy={form.submitting}
        disabled={form.submitting}
        data-action={hasPassword ? 'change-payment-password' : 'set-payment-password'}
      >
        {hasPassword ? t('paymentPassword.change') : t('paymentPassword.set')}
      </Button>
    </form>
  );
}
