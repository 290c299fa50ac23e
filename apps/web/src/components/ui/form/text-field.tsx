import { type HTMLAttributes, type ReactNode, useId } from 'react';
import { useAccountTexts } from '../../../lib/account/texts';
import styles from './fields.module.css';

export interface FieldLook {
  label: string;
  error?: string | undefined;
  /** Marks the label "optional"; required fields carry the * mark (spec §5). */
  optional?: boolean | undefined;
  hint?: string | undefined;
}

interface TextFieldProps extends FieldLook {
  name: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete?: string;
  type?: 'text' | 'email' | 'tel' | 'date' | 'number';
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  maxLength?: number | undefined;
  placeholder?: string | undefined;
  /** Something in front of the input inside the same box (the dialing code picker). */
  prefix?: ReactNode;
  /** Something after the input (the SMS button, the captcha image). */
  suffix?: ReactNode;
}

export function FieldLabel({
  htmlFor,
  label,
  optional,
}: {
  htmlFor: string;
  label: string;
  optional?: boolean | undefined;
}) {
  const { t } = useAccountTexts();
  return (
    <span className={styles.labelRow}>
      <label htmlFor={htmlFor} className={styles.label}>
        {label}
        {optional ? <span className={styles.optional}> ({t('fields.optional')})</span> : null}
      </label>
      {/* Spec §5 "Fields marked * are required": the mark is for the eye; the input says aria-required. */}
      {optional ? null : (
        <span className={styles.required} aria-hidden="true" data-required-mark="true">
          *
        </span>
      )}
    </span>
  );
}

export function FieldMessages({
  id,
  error,
  hint,
}: {
  id: string;
  error?: string | undefined;
  hint?: string | undefined;
}) {
  return (
    <>
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
    </>
  );
}

export const describedBy = (id: string, error?: string, hint?: string) =>
  [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;

export function TextField({
  label,
  value,
  onChange,
  error,
  autoComplete,
  name,
  optional,
  hint,
  type = 'text',
  inputMode,
  maxLength,
  placeholder,
  prefix,
  suffix,
}: TextFieldProps) {
  const id = useId();
  const input = (
    <input
      id={id}
      name={name}
      type={type}
      className={styles.input}
      value={value}
      autoComplete={autoComplete}
      autoCapitalize="off"
      spellCheck={false}
      inputMode={inputMode}
      maxLength={maxLength}
      placeholder={placeholder}
      aria-required={optional ? undefined : true}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy(id, error, hint)}
      onChange={(e) => onChange(e.target.value)}
    />
  );
  return (
    <div className={styles.field} data-field={name}>
      <FieldLabel htmlFor={id} label={label} optional={optional} />
      {prefix || suffix ? (
        <div className={styles.group}>
          {prefix}
          {input}
          {suffix}
        </div>
      ) : (
        input
      )}
      <FieldMessages id={id} error={error} hint={hint} />
    </div>
  );
}
