import type { LoginValue } from '@aurum/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Icon } from '../../../../components/ui';
import { FormFailure, TextField, useForm } from '../../../../components/ui/form';
import { accountErrorText } from '../../../../lib/account/errors';
import { useAccountTexts } from '../../../../lib/account/texts';
import { errorCodeOf } from '../../../../lib/api';
import { RECOVERY_CODE_PATTERN, TOTP_CODE_PATTERN } from '../../../../lib/contract';
import { useBrand } from '../../../../lib/site';
import { loginTwoFactor } from '../api/login';
import styles from './auth.module.css';

interface TwoFactorStepProps {
  /** The ticket of login.two.factor. */
  ticket: string;
  onSignedIn: (value: LoginValue) => void;
  /** The ticket is gone (used, burnt, expired): back to the first step, saying why. */
  onRestart: (reason: string | null) => void;
}

/**
 * The specification's two-factor login check: after the password (or SMS code), the code of the
 * authenticator app, or one of the recovery codes; then the sign-in goes on as any other.
 */
export function TwoFactorStep({ ticket, onSignedIn, onRestart }: TwoFactorStepProps) {
  const { t: tc } = useTranslation();
  const { t } = useAccountTexts();
  const brand = useBrand();
  const [recovery, setRecovery] = useState(false);
  const form = useForm({
    initial: { code: '' },
    validators: {
      code: (v) => {
        const typed = v.trim();
        if (recovery) return RECOVERY_CODE_PATTERN.test(typed) ? null : t('login.recoveryRequired');
        return TOTP_CODE_PATTERN.test(typed.replace(/\s/g, '')) ? null : t('login.codeRequired');
      },
    },
    onSubmit: async (v, form) => {
      const typed = v.code.trim();
      try {
        onSignedIn(await loginTwoFactor(ticket, recovery ? typed : typed.replace(/\s/g, '')));
      } catch (error) {
        const code = errorCodeOf(error);
        const text = accountErrorText(t, tc, error);
        if (code === 'two.factor.ticket.invalid' || code === 'two.factor.ticket.expired') onRestart(text);
        else if (code === 'two.factor.code.invalid') form.setErrors({ code: text });
        else form.setFailure(text);
      }
    },
  });
  const switchMode = () => {
    setRecovery((r) => !r);
    form.setValues({ code: '' });
    form.setErrors({});
  };
  return (
    <form {...form.props} className={styles.form} data-two-factor-step={recovery ? 'recovery' : 'app'}>
      <p role="status" className={styles.note}>
        <Icon name="lock" size={18} />
        {recovery ? t('login.twoFactorRecoveryText') : t('login.twoFactorText', { brand: brand.name })}
      </p>
      <TextField
        {...form.field('code')}
        key={recovery ? 'recovery' : 'app'}
        label={recovery ? t('login.twoFactorRecovery') : t('login.twoFactorCode')}
        inputMode={recovery ? 'text' : 'numeric'}
        autoComplete="one-time-code"
        maxLength={recovery ? 16 : 7}
      />
      <button type="button" className={styles.textLink} onClick={switchMode}>
        {recovery ? t('login.useApp') : t('login.useRecovery')}
      </button>
      <FormFailure>{form.failure}</FormFailure>
      <Button type="submit" size="lg" block busy={form.submitting} disabled={form.submitting}>
        {t('login.twoFactorSubmit')}
      </Button>
      <button type="button" className={styles.textLink} onClick={() => onRestart(null)}>
        {t('login.twoFactorBack')}
      </button>
    </form>
  );
}
