import type { TwoFactorSetup } from '@aurum/contract';
import { useTranslation } from 'react-i18next';
import { Button, QrCode } from '../../../../components/ui';
import { CopyButton } from '../../../../components/ui/copy-button';
import { FormFailure, PasswordField, TextField, useForm } from '../../../../components/ui/form';
import { accountErrorText } from '../../../../lib/account/errors';
import { useAccountTexts } from '../../../../lib/account/texts';
import { errorCodeOf } from '../../../../lib/api';
import { TOTP_CODE_PATTERN } from '../../../../lib/contract';
import { useConfirmTwoFactor } from './api/two-factor-confirm';
import { appCodeOf } from './code-fields';
import styles from './two-factor.module.css';
import { useCopyTexts } from './use-copy-texts';

const QR_SIZE = 176;

interface BindFlowProps {
  setup: TwoFactorSetup;
  onBound: (recoveryCodes: string[]) => void;
  onCancel: () => void;
}

/** The key as groups of four, easier to type into an app by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * Binding an authenticator: scan the QR code (or type the key), then confirm with its first code
 * and the login password. Nothing is on until the server takes that code.
 */
export function BindFlow({ setup, onBound, onCancel }: BindFlowProps) {
  const { t: tc } = useTranslation();
  const { t } = useAccountTexts();
  const copyTexts = useCopyTexts(t('twoFactor.keyLabel'));
  const confirm = useConfirmTwoFactor();
  const form = useForm({
    initial: { code: '', password: '' },
    validators: {
      code: (v) => (TOTP_CODE_PATTERN.test(appCodeOf(v)) ? null : t('twoFactor.codeRequired')),
      password: (v) => (v ? null : t('twoFactor.passwordRequired')),
    },
    onSubmit: async (v, form) => {
      try {
        const { recoveryCodes } = await confirm.mutateAsync({
          code: appCodeOf(v.code),
          password: v.password,
        });
        onBound(recoveryCodes);
      } catch (error) {
        const code = errorCodeOf(error);
        const text = accountErrorText(t, tc, error);
        if (code === 'two.factor.code.invalid') form.setErrors({ code: text });
        else if (code === 'password.old.wrong') form.setErrors({ password: text });
        else form.setFailure(text);
      }
    },
  });
  return (
    <div className={styles.panel} data-two-factor="bind">
      <div className={styles.step}>
        <h4>{t('twoFactor.scanTitle')}</h4>
        <p className={styles.muted}>{t('twoFactor.scanText')}</p>
        <span className={styles.qr}>
          <QrCode value={setup.uri} size={QR_SIZE} margin={8} title={t('twoFactor.qrLabel')} />
        </span>
        <p className={styles.muted}>{t('twoFactor.manualKey')}</p>
        <div className={styles.key}>
          <code data-two-factor-key={setup.secret}>{grouped(setup.secret)}</code>
          <CopyButton text={setup.secret} texts={copyTexts} />
        </div>
      </div>
      <form {...form.props} className={styles.form} data-form="two-factor-bind">
        <h4>{t('twoFactor.confirmTitle')}</h4>
        <TextField
          {...form.field('code')}
          label={t('twoFactor.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
        />
        <PasswordField
          {...form.field('password')}
          label={t('twoFactor.password')}
          autoComplete="current-password"
          maxLength={128}
        />
        <FormFailure>{form.failure}</FormFailure>
        <div className={styles.actions}>
          <Button type="submit" busy={form.submitting} disabled={form.submitting}>
            {t('twoFactor.confirm')}
          </Button>
          <Button variant="secondary" onClick={onCancel} disabled={form.submitting}>
            {t('twoFactor.cancel')}
          </Button>
        </div>
      </form>
    </div>
  );
}
