import { useId, useState } from 'react';
import { Icon } from '../../../../components/ui';
import fieldStyles from '../../../../lib/account/fields/fields.module.css';
import { describedBy, FieldLabel, FieldMessages } from '../../../../lib/account/fields/text-field';
import { useAccountTexts } from '../../../../lib/account/texts';

/** The six digits of a payment password (contract: paymentPasswordRequestSchema). */
export const PIN_PATTERN = /^\d{6}$/;

interface PinFieldProps {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string | undefined;
  /** A new password being chosen (browsers then offer no saved one). */
  isNew?: boolean;
}

/**
 * A payment password: six digits, masked, a numeric keypad on phones, with its own show/hide
 * toggle like the account forms' password fields.
 */
export function PinField({ name, label, value, onChange, error, hint, isNew }: PinFieldProps) {
  const { t } = useAccountTexts();
  const id = useId();
  const [visible, setVisible] = useState(false);
  return (
    <div className={fieldStyles.field} data-field={name}>
      <FieldLabel htmlFor={id} label={label} />
      <div className={fieldStyles.inputWrap}>
        <input
          id={id}
          name={name}
          type={visible ? 'text' : 'password'}
          className={fieldStyles.input}
          value={value}
          inputMode="numeric"
          autoComplete={isNew ? 'new-password' : 'off'}
          maxLength={6}
          aria-required={true}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, hint)}
          onChange={(e) => onChange(e.target.value.replace(/\D/g, '').slice(0, 6))}
        />
        <button
          type="button"
          className={fieldStyles.reveal}
          aria-label={visible ? t('fields.hidePassword') : t('fields.showPassword')}
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

interface SelectFieldProps {
  name: string;
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  /** The first, empty choice ("Choose…"). */
  placeholder: string;
  onChange: (value: string) => void;
  error?: string | undefined;
}

export function SelectField({ name, label, value, options, placeholder, onChange, error }: SelectFieldProps) {
  const id = useId();
  return (
    <div className={fieldStyles.field} data-field={name}>
      <FieldLabel htmlFor={id} label={label} />
      <select
        id={id}
        name={name}
        className={fieldStyles.input}
        value={value}
        aria-required={true}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error)}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldMessages id={id} error={error} />
    </div>
  );
}

/**
 * Moves focus to the first field with a problem, by its name: the problems were just found, so
 * their aria-invalid marks are not on the page yet.
 */
export function focusFirstProblem(form: HTMLFormElement | null, fields: Record<string, unknown>) {
  const name = Object.entries(fields).find(([, problem]) => problem)?.[0];
  if (name) form?.querySelector<HTMLElement>(`[name="${name}"]`)?.focus();
}
