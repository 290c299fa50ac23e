import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Icon } from '../../../components/ui';
import { errorCodeOf, errorTextKey } from '../../../lib/api';
import { notify } from '../../../lib/notify/notify';
import { type ChangePasswordPayload, useChangePassword } from '../api/change-password';
import styles from './change-password.module.css';

type Field = keyof ChangePasswordPayload;

/** Spec §5 Change password: old password required, new required, confirmation equal to new. */
export function validateChangePassword(
  v: ChangePasswordPayload,
): Partial<Record<Field, 'required' | 'mismatch'>> {
  const errors: Partial<Record<Field, 'required' | 'mismatch'>> = {};
  if (!v.oldPassword) errors.oldPassword = 'required';
  if (!v.newPassword.trim()) errors.newPassword = 'required';
  if (!v.confirmNewPassword) errors.confirmNewPassword = 'required';
  else if (v.confirmNewPassword !== v.newPassword) errors.confirmNewPassword = 'mismatch';
  return errors;
}

export function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const mutation = useChangePassword();
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<ChangePasswordPayload>({
    oldPassword: '',
    newPassword: '',
    confirmNewPassword: '',
  });
  const [errors, setErrors] = useState<ReturnType<typeof validateChangePassword>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const messages: Record<Field, Record<'required' | 'mismatch', string>> = {
    oldPassword: { required: t('changePassword.oldRequired'), mismatch: '' },
    newPassword: { required: t('changePassword.newRequired'), mismatch: '' },
    confirmNewPassword: {
      required: t('changePassword.confirmRequired'),
      mismatch: t('changePassword.mismatch'),
    },
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const next = validateChangePassword(values);
    setErrors(next);
    if (Object.keys(next).length > 0) {
      form.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    mutation.mutate(values, {
      onSuccess: () => {
        notify(t('changePassword.done'), 'success');
        onDone();
      },
      onError: (error) => setFailure(t(errorTextKey(errorCodeOf(error)))),
    });
  };

  const field = (name: Field, label: string, autoComplete: 'current-password' | 'new-password') => {
    const error = errors[name];
    return (
      <SecretInput
        name={name}
        label={label}
        autoComplete={autoComplete}
        value={values[name]}
        error={error ? messages[name][error] : undefined}
        onChange={(v) => setValues((s) => ({ ...s, [name]: v }))}
      />
    );
  };

  return (
    <form ref={form} className={styles.form} noValidate onSubmit={submit}>
      {field('oldPassword', t('changePassword.oldPassword'), 'current-password')}
      {field('newPassword', t('changePassword.newPassword'), 'new-password')}
      {field('confirmNewPassword', t('changePassword.confirmPassword'), 'new-password')}
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
  autoComplete: 'current-password' | 'new-password';
  onChange: (v: string) => void;
}

/** Each password field has its own show/hide toggle (spec §4). */
function SecretInput({ name, label, value, error, autoComplete, onChange }: SecretInputProps) {
  const { t } = useTranslation();
  const id = useId();
  const [visible, setVisible] = useState(false);
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <div className={styles.inputWrap}>
        <input
          id={id}
          name={name}
          type={visible ? 'text' : 'password'}
          className={styles.input}
          value={value}
          autoComplete={autoComplete}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
        <button
          type="button"
          className={styles.reveal}
          aria-label={visible ? t('auth.hidePassword') : t('auth.showPassword')}
          aria-controls={id}
          onClick={() => setVisible((v) => !v)}
        >
          <Icon name={visible ? 'eye-off' : 'eye'} size={18} />
        </button>
      </div>
      {error ? (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
