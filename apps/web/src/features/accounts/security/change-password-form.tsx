import type { ValidationRule } from '@aurum/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui';
import { FormFailure, PasswordField, TextField, useForm } from '../../../components/ui/form';
import { accountErrorText, fieldProblemsOf } from '../../../lib/account/errors';
import { useMemberInfo } from '../../../lib/account/member-info';
import { useRegisterSettings } from '../../../lib/account/register-settings';
import { describeProblem, validateNewPassword } from '../../../lib/account/rules';
import { useAccountTexts } from '../../../lib/account/texts';
import { errorCodeOf } from '../../../lib/api';
import { notify } from '../../../lib/notify/notify';
import { useChangePassword } from './api/change-password';
import styles from './change-password.module.css';
import { secondFactorCodeOf } from './two-factor/code-fields';

type Field = 'oldPassword' | 'newPassword' | 'confirmNewPassword';
type Values = Record<Field, string>;

/**
 * Spec §5 Change password: the shared password policy and rule (the account name not inside),
 * confirmation equal, old password when held. The server adds the breached-password check.
 */
export function validateChangePassword(
  values: Values,
  rules: readonly ValidationRule[],
  oldRequired: boolean,
  account?: string,
): Partial<Record<Field, string>> {
  const problems: Partial<Record<Field, string>> = {};
  if (oldRequired && !values.oldPassword) problems.oldPassword = 'input_required';
  for (const [field, p] of Object.entries(
    validateNewPassword(rules, values.newPassword, values.confirmNewPassword, undefined, account),
  )) {
    problems[field as Field] = p.key;
  }
  return problems;
}

export function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const { t: tc } = useTranslation();
  const { t } = useAccountTexts();
  const settings = useRegisterSettings().data;
  const rules = settings?.rules ?? [];
  // Spec §2: the current password only when the member holds one (SMS-only and social accounts
  // may not); until member info arrives, assume it does, and the server checks either way.
  const memberInfo = useMemberInfo().data;
  const hasPassword = memberInfo?.hasPassword ?? true;
  const mutation = useChangePassword();
  // The merchant may guard the change with the second factor: its code is asked once the server
  // says so (null: not asked).
  const [code, setCode] = useState<string | null>(null);
  const form = useForm<Values>({
    initial: { oldPassword: '', newPassword: '', confirmNewPassword: '' },
    validate: (values) =>
      Object.fromEntries(
        Object.entries(validateChangePassword(values, rules, hasPassword, memberInfo?.account)).map(
          ([field, key]) => [field, { key }],
        ),
      ),
    describe: describeProblem(t, rules),
    onSubmit: async ({ oldPassword, ...rest }, form) => {
      try {
        const twoFactorCode = code === null ? null : secondFactorCodeOf(code);
        if (code !== null && !twoFactorCode) {
          form.setFailure(t('twoFactor.codeOrRecoveryRequired'));
          return;
        }
        const body = { ...rest, ...(twoFactorCode ? { twoFactorCode } : {}) };
        await mutation.mutateAsync(hasPassword ? { ...body, oldPassword } : body);
      } catch (error) {
        const failed = errorCodeOf(error);
        if (failed === 'two.factor.code.required' || failed === 'two.factor.code.invalid') {
          setCode((c) => c ?? '');
        }
        form.setErrors(fieldProblemsOf(error));
        form.setFailure(accountErrorText(t, tc, error));
        return;
      }
      notify(t('changePassword.done'), 'success');
      onDone();
    },
  });

  const field = (name: Field, autoComplete: 'current-password' | 'new-password') => (
    <PasswordField
      {...form.field(name)}
      label={t(`fields.${name}`)}
      autoComplete={autoComplete}
      maxLength={128}
    />
  );

  return (
    <form {...form.props} className={styles.form} data-form="change-password">
      {hasPassword ? field('oldPassword', 'current-password') : null}
      {field('newPassword', 'new-password')}
      {field('confirmNewPassword', 'new-password')}
      {code !== null ? (
        <TextField
          name="twoFactorCode"
          label={t('twoFactor.codeOrRecovery')}
          value={code}
          onChange={setCode}
          autoComplete="one-time-code"
          maxLength={16}
        />
      ) : null}
      <FormFailure>{form.failure}</FormFailure>
      <Button type="submit" size="lg" block busy={form.submitting} disabled={form.submitting}>
        {t('changePassword.submit')}
      </Button>
    </form>
  );
}
