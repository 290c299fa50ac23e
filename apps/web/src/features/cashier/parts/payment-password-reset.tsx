import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui';
import { FormFailure, TextField, useForm } from '../../../components/ui/form';
import { errorCodeOf } from '../../../lib/api';
import { moneyErrorText } from '../../../lib/money/errors';
import { PIN_PATTERN, PinField } from '../../../lib/money/fields';
import { useCashierTexts, useFundsTexts } from '../../../lib/money/texts';
import { notify } from '../../../lib/notify/notify';
import { sendPaymentResetCode, useResetPaymentPassword } from '../api/payment-password';
import styles from '../cashier.module.css';

type Proof = 'sms' | 'authenticator';
type Values = { code: string; newPaymentPassword: string; confirmPaymentPassword: string };
const EMPTY: Values = { code: '', newPaymentPassword: '', confirmPaymentPassword: '' };

/** Refusals of the proof, shown under the code field. */
const CODE_REFUSALS = ['sms.code.invalid', 'sms.code.expired', 'two.factor.code.invalid'];

/**
 * A forgotten withdraw password: proven by a code sent to the bound mobile or by the
 * authenticator app's code, then six new digits twice. The lock-out after wrong tries ends with it.
 */
export function PaymentPasswordReset({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const { t } = useCashierTexts();
  const { t: tf } = useFundsTexts();
  const { t: tc } = useTranslation();
  const id = useId();
  const reset = useResetPaymentPassword();
  const [proof, setProof] = useState<Proof>('sms');
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    initial: EMPTY,
    validate: (v) => ({
      ...(v.code.trim() ? {} : { code: t('paymentPassword.reset.codeRequired') }),
      ...(PIN_PATTERN.test(v.newPaymentPassword)
        ? {}
        : { newPaymentPassword: t('paymentPassword.sixDigits') }),
      ...(v.confirmPaymentPassword === v.newPaymentPassword
        ? {}
        : { confirmPaymentPassword: t('paymentPassword.mismatch') }),
    }),
    onSubmit: async (v, f) => {
      const code = v.code.trim();
      try {
        await reset.mutateAsync({
          ...(proof === 'sms' ? { smsCode: code } : { twoFactorCode: code }),
          newPaymentPassword: v.newPaymentPassword,
          confirmPaymentPassword: v.confirmPaymentPassword,
        });
      } catch (error) {
        const failed = errorCodeOf(error) ?? '';
        if (CODE_REFUSALS.includes(failed)) f.setErrors({ code: t('paymentPassword.reset.codeWrong') });
        else if (failed === 'two.factor.not.bound') f.setFailure(t('paymentPassword.reset.noAuthenticator'));
        else if (failed === 'payment.password.weak')
          f.setErrors({ newPaymentPassword: tf('errors.paymentPasswordWeak') });
        else f.setFailure(moneyErrorText(tf, tc, error));
        return;
      }
      notify(t('paymentPassword.reset.done'), 'success');
      onDone();
    },
  });

  const send = async () => {
    setSending(true);
    form.setFailure(null);
    try {
      setSentTo((await sendPaymentResetCode()).destination);
    } catch (error) {
      form.setFailure(
        errorCodeOf(error) === 'validation.failed'
          ? t('paymentPassword.reset.noMobile')
          : moneyErrorText(tf, tc, error),
      );
    } finally {
      setSending(false);
    }
  };

  return (
    <form {...form.props} className={styles.form} data-form="payment-password-reset">
      <p className={styles.muted}>{t('paymentPassword.reset.lead')}</p>
      <fieldset className={styles.choice}>
        <legend>{t('paymentPassword.reset.proof')}</legend>
        {(['sms', 'authenticator'] as const).map((p) => (
          <label key={p}>
            <input
              type="radio"
              name={`${id}-proof`}
              checked={proof === p}
              onChange={() => {
                setProof(p);
                form.setFailure(null);
              }}
            />
            {t(`paymentPassword.reset.by.${p}`)}
          </label>
        ))}
      </fieldset>
      {proof === 'sms' ? (
        <div>
          <Button
            variant="secondary"
            onClick={() => void send()}
            busy={sending}
            data-action="send-reset-code"
          >
            {sentTo ? t('paymentPassword.reset.sendAgain') : t('paymentPassword.reset.send')}
          </Button>
          {sentTo ? (
            <p className={styles.muted} role="status">
              {t('paymentPassword.reset.sent', { to: sentTo })}
            </p>
          ) : null}
        </div>
      ) : null}
      <TextField
        label={proof === 'sms' ? t('paymentPassword.reset.smsCode') : t('paymentPassword.reset.appCode')}
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={16}
        {...form.field('code')}
      />
      <PinField
        label={t('paymentPassword.new')}
        {...form.field('newPaymentPassword')}
        hint={t('paymentPassword.newHint')}
        isNew
      />
      <PinField label={t('paymentPassword.confirm')} {...form.field('confirmPaymentPassword')} isNew />
      <FormFailure>{form.failure}</FormFailure>
      <div className={styles.actions}>
        <Button
          type="submit"
          busy={form.submitting}
          disabled={form.submitting}
          data-action="reset-payment-password"
        >
          {t('paymentPassword.reset.submit')}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
      </div>
    </form>
  );
}
