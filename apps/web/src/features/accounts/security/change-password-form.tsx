import type { ValidationRule } from '@aurum/contract';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Icon } from '../../../components/ui';
import { PasswordField } from '../../../components/ui/form';
import { accountErrorText, fieldProblemsOf } from '../../../lib/account/errors';
import { useMemberInfo } from '../../../lib/account/member-info';
import { useRegisterSettings } from '../../../lib/account/register-settings';
import { problemText, validateNewPassword } from '../../../lib/account/rules';
import { useAccountTexts } from '../../../lib/account/texts';
import { notify } from '../../../lib/notify/notify';
import { useChangePassword } from './api/change-password';
import styles from './change-password.module.css';

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
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Values>({ oldPassword: '', newPassword: '', confirmNewPassword: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const texts = (problems: Partial<Record<Field, string>>) =>
    Object.fromEntries(
      Object.entries(problems).map(([f, key]) => [
        f,
        problemText(t, key, f === 'newPassword' ? 'password' : f, rules),
      ]),
    ) as Partial<Record<Field, string>>;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const next = texts(validateChangePassword(values, rules, hasPassword, memberInfo?.account));
    setErrors(next);
    if (Object.keys(next).length > 0) {
      form.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    const { oldPassword, ...rest } = values;
    mutation.mutate(hasPassword ? { ...rest, oldPassword } : rest, {
      onSuccess: () => {
        notify(t('changePassword.done'), 'success');
        onDone();
      },
      onError: (error) => {
        const problems = fieldProblemsOf(error) as Partial<Record<Field, string>>;
        setErrors(texts(problems));
        setFailure(accountErrorText(t, tc, error));
      },
    });
  };

  const field = (name: Field, autoComplete: 'current-password' | 'new-password', hint?: string) => (
    <PasswordField
      name={name}
      label={t(`fields.${name}`)}
      autoComplete={autoComplete}
      value={values[name]}
      error={errors[name]}
      hint={hint}
      maxLength={128}
      onChange={(v) => setValues((s) => ({ ...s, [name]: v }))}
    />
  );

  return (
    <form ref={form} className={styles.form} noValidate onSubmit={submit} data-form="change-password">
      {hasPassword ? field('oldPassword', 'current-password') : null}
      {field('newPassword', 'new-password')}
      {field('confirmNewPassword', 'new-password')}
      {failure ? (
        <p role="alert" className={styles.failure}>
          <Icon name="alert" size={18} />
          {failure}
        </p>
      ) : null}
      <Button type="submit" size="lg" block busy={mutation.isPending} disabled={mutation.isPending}>
        {t('changePassword.submit')}
      </Button>
    </form>
  );
}
