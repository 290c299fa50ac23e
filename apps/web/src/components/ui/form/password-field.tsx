import { type HTMLAttributes, useId, useState } from 'react';
import { useAccountTexts } from '../../../lib/account/texts';
import { Icon } from '../icon';
import styles from './fields.module.css';
import { describedBy, FieldLabel, type FieldLook, FieldMessages } from './text-field';

interface PasswordFieldProps extends FieldLook {
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'current-password' | 'new-password';
  name: string;
  placeholder?: string | undefined;
  maxLength?: number | undefined;
}

/** A password input with its own show/hide toggle (spec §4: toggles are independent per field). */
export function PasswordField(props: PasswordFieldProps) {
  const { t } = useAccountTexts();
  return <SecretField {...props} showLabel={t('fields.showPassword')} hideLabel={t('fields.hidePassword')} />;
}

export interface SecretFieldProps extends FieldLook {
  value: string;
  onChange: (value: string) => void;
  autoComplete: string;
  name: string;
  placeholder?: string | undefined;
  maxLength?: number | undefined;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  /** The toggle's accessible names, from the caller's own catalogue. */
  showLabel: string;
  hideLabel: string;
}

/**
 * A masked input with its own show/hide toggle: the login password (`PasswordField`) and the money
 * pages' six-digit payment password (`lib/money/fields.tsx`).
 */
export function SecretField({
  label,
  value,
  onChange,
  error,
  autoComplete,
  name,
  optional,
  hint,
  placeholder,
  maxLength,
  inputMode,
  showLabel,
  hideLabel,
}: SecretFieldProps) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  return (
    <div className={styles.field} data-field={name}>
      <FieldLabel htmlFor={id} label={label} optional={optional} />
      <div className={styles.inputWrap}>
        <input
          id={id}
          name={name}
          type={visible ? 'text' : 'password'}
          className={styles.input}
          value={value}
          autoComplete={autoComplete}
          placeholder={placeholder}
          inputMode={inputMode}
          maxLength={maxLength}
          aria-required={optional ? undefined : true}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, hint)}
          onChange={(e) => onChange(e.target.value)}
        />
        <button
          type="button"
          className={styles.reveal}
          aria-label={visible ? hideLabel : showLabel}
          aria-controls={id}
          onClick={() => setVisible((v) => !v)}
        >
          <Icon name={visible ? 'eye-off' : 'eye'} size={18} />
        </button>
      </div>
      <FieldMessages id={id} error={error} hint={hint} />
    </div>
  );
}
