import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui';
import { FormFailure, PasswordField, TextField, useForm } from '../../../../components/ui/form';
import { accountErrorText } from '../../../../lib/account/errors';
import { useAccountTexts } from '../../../../lib/account/texts';
import { errorCodeOf } from '../../../../lib/api';
import { secondFactorCodeOf } from './code-fields';
import styles from './two-factor.module.css';

interface CodeCheckFormProps {
  /** Which form: `unbind` also asks for the login password. */
  kind: 'unbind' | 'regenerate';
  text: string;
  submitLabel: string;
  send: (values: { code: string; password: string }) => Promise<unknown>;
  onCancel: () => void;
}

/** A code of the app or a recovery code (and, to unbind, the login password) confirming a change. */
export function CodeCheckForm({ kind, text, submitLabel, send, onCancel }: CodeCheckFormProps) {
  const { t: tc } = useTranslation();
  const { t } = useAccountTexts();
  const withPassword = kind === 'unbind';
  const form = useForm({
    initial: { code: '', password: '' },
    optional: withPassword ? [] : ['password'],
    validators: {
      code: (v) => (secondFactorCodeOf(v) ? null : t('twoFactor.codeOrRecoveryRequired')),
      password: (v) => (!withPassword || v ? null : t('twoFactor.passwordRequired')),
    },
    onSubmit: async (v, form) => {
      try {
        await send({ code: secondFactorCodeOf(v.code) ?? '', password: v.password });
      } catch (error) {
        const code = errorCodeOf(error);
        const message = accountErrorText(t, tc, error);
        if (code === 'two.factor.code.invalid') form.setErrors({ code: message });
        else if (code === 'password.old.wrong') form.setErrors({ password: message });
        else form.setFailure(message);
      }
    },
  });
  return (
    <form {...form.props} className={styles.form} data-form={`two-factor-${kind}`}>
      <p className={styles.muted}>{text}</p>
      <TextField
        {...form.field('code')}
        label={t('twoFactor.codeOrRecovery')}
        autoComplete="one-time-code"
        maxLength={16}
      />
      {withPassword ? (
        <PasswordField
          {...form.field('password')}
          label={t('twoFactor.password')}
          autoComplete="current-password"
          maxLength={128}
        />
      ) : null}
      <FormFailure>{form.failure}</FormFailure>
      <div className={styles.actions}>
        <Button type="submit" busy={form.submitting} disabled={form.submitting}>
          {submitLabel}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={form.submitting}>
          {t('twoFactor.cancel')}
        </Button>
      </div>
    </form>
  );
}
