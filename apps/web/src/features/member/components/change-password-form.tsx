import type { ValidationRule } from '@aurum/contract';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Icon } from '../../../components/ui';
import { accountErrorText, fieldProblemsOf } from '../../../lib/account/errors';
import {
  type AccountSettingsView,
  socialProvidersOf,
  useRegisterSettings,
} from '../../../lib/account/register-settings';
import { problemText, validateNewPassword } from '../../../lib/account/rules';
import { useAccountTexts } from '../../../lib/account/texts';
import { notify } from '../../../lib/notify/notify';
import { useChangePassword } from '../api/change-password';
import styles from './change-password.module.css';

type Field = 'oldPassword' | 'newPassword' | 'confirmNewPassword';
type Values = Record<Field, string>;

/**
 * Whether a member may have no password (SMS-only or social accounts). Member info does not say
 * whether a login password is set (its pwdEnabled is the payment password), so the current
 * password is then optional here and the server asks for it when the member has one.
 */
export function passwordlessAccountsPossible(settings: AccountSettingsView | undefined): boolean {
  if (!settings) return false;
  const smsOnly = settings.signIn.MOBILENUMREG3 && !settings.signIn.MOBILENUMPASSREG3;
  return smsOnly || socialProvidersOf(settings).length > 0;
}

/** Spec §5 Change password: the shared password rule, confirmation equal, old password when held. */
export function validateChangePassword(
  values: Values,
  rules: readonly ValidationRule[],
  oldRequired: boolean,
): Partial<Record<Field, string>> {
  const problems: Partial<Record<Field, string>> = {};
  if (oldRequired && !values.oldPassword) problems.oldPassword = 'input_required';
  for (const [field, p] of Object.entries(
    validateNewPassword(rules, values.newPassword, values.confirmNewPassword),
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
  const oldOptional = passwordlessAccountsPossible(settings);
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
    const next = texts(validateChangePassword(values, rules, !oldOptional));
    setErrors(next);
    if (Object.keys(next).length > 0) {
      form.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    const { oldPassword, ...rest } = values;
    mutation.mutate(oldPassword ? { ...rest, oldPassword } : rest, {
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
    <SecretInput
      name={name}
      label={t(`fields.${name}`)}
      autoComplete={autoComplete}
      value={values[name]}
      error={errors[name]}
      hint={hint}
      optional={name === 'oldPassword' && oldOptional}
      onChange={(v) => setValues((s) => ({ ...s, [name]: v }))}
    />
  );

  return (
    <form ref={form} className={styles.form} noValidate onSubmit={submit} data-form="change-password">
      {field('oldPassword', 'current-password', oldOptional ? t('changePassword.oldOptional') : undefined)}
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

interface SecretInputProps {
  name: string;
  label: string;
  value: string;
  error: string | undefined;
  hint: string | undefined;
  optional: boolean;
  autoComplete: 'current-password' | 'new-password';
  onChange: (v: string) => void;
}

/** Each password field has its own show/hide toggle (spec §4). */
function SecretInput({
  name,
  label,
  value,
  error,
  hint,
  optional,
  autoComplete,
  onChange,
}: SecretInputProps) {
  const { t } = useAccountTexts();
  const id = useId();
  const [visible, setVisible] = useState(false);
  const described = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ');
  return (
    <div className={styles.field} data-field={name}>
      <label htmlFor={id} className={styles.label}>
        {label}
        {optional ? <span className={styles.optional}> ({t('fields.optional')})</span> : null}
      </label>
      <div className={styles.inputWrap}>
        <input
          id={id}
          name={name}
          type={visible ? 'text' : 'password'}
          className={styles.input}
          value={value}
          maxLength={128}
          autoComplete={autoComplete}
          aria-required={optional ? undefined : true}
          aria-invalid={error ? true : undefined}
          aria-describedby={described || undefined}
          onChange={(e) => onChange(e.target.value)}
        />
        <button
          type="button"
          className={styles.reveal}
          aria-label={visible ? t('fields.hidePassword') : t('fields.showPassword')}
          aria-controls={id}
          onClick={() => setVisible((v) => !v)}
        >
          <Icon name={visible ? 'eye-off' : 'eye'} size={18} />
        </button>
      </div>
      {hint ? (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
