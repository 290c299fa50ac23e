import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, EmptyState, Icon } from '../../components/ui';
import fieldStyles from '../account/fields/fields.module.css';
import { describedBy, FieldLabel, FieldMessages, TextField } from '../account/fields/text-field';
import { fundsErrorText } from './errors';
import styles from './funds.module.css';
import { Glyph } from './glyphs';
import { useFundsTexts } from './texts';

interface AmountFieldProps {
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string | undefined;
  label?: string;
  /** Fills in everything the paying wallet holds; left out when absent. */
  onAll?: (() => void) | undefined;
  allDisabled?: boolean;
}

/** A money amount as typed by the member: a decimal keypad on phones, an "All" shortcut. */
export function AmountField({ value, onChange, error, hint, label, onAll, allDisabled }: AmountFieldProps) {
  const { t } = useFundsTexts();
  return (
    <TextField
      name="amount"
      label={label ?? t('form.amount')}
      value={value}
      onChange={onChange}
      error={error}
      hint={hint}
      inputMode="decimal"
      autoComplete="off"
      maxLength={20}
      placeholder="0.00"
      suffix={
        onAll ? (
          <button
            type="button"
            className={styles.inlineAction}
            onClick={onAll}
            disabled={allDisabled}
            data-action="amount-all"
          >
            {t('form.all')}
          </button>
        ) : undefined
      }
    />
  );
}

interface SelectFieldProps<V extends string> {
  name: string;
  label: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
  error?: string | undefined;
  hint?: string | undefined;
}

/** A labelled native select in the account forms' look (the platform's picker on phones). */
export function SelectField<V extends string>({
  name,
  label,
  value,
  options,
  onChange,
  error,
  hint,
}: SelectFieldProps<V>) {
  const id = useId();
  return (
    <div className={fieldStyles.field} data-field={name}>
      <FieldLabel htmlFor={id} label={label} />
      <select
        id={id}
        name={name}
        className={styles.select}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        onChange={(e) => onChange(e.target.value as V)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldMessages id={id} error={error} hint={hint} />
    </div>
  );
}

/** A failed call's message, announced when it appears. */
export function FormFailure({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <p role="alert" className={styles.failure} data-form-failure="true">
      <Icon name="alert" size={18} />
      <span>{children}</span>
    </p>
  );
}

/** A calm, non-error note (single wallet, transfers off). */
export function Notice({ children }: { children: ReactNode }) {
  return (
    <p className={styles.notice} data-notice="true">
      <Glyph name="info" />
      <span>{children}</span>
    </p>
  );
}

/** A read that failed: what went wrong, in the member's language, and a way to try again. */
export function LoadFailure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t: tc } = useTranslation();
  const { t } = useFundsTexts();
  return (
    <div className={styles.loadFailure} data-load-failure="true">
      <FormFailure>{fundsErrorText(t, tc, error)}</FormFailure>
      <Button variant="secondary" onClick={onRetry}>
        <Icon name="refresh" size={18} />
        {t('form.retry')}
      </Button>
    </div>
  );
}

interface PaymentPasswordFieldProps {
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
}

/**
 * The withdraw (payment) password that guards money leaving the member's hands: six digits, a
 * numeric keypad, its own show/hide toggle, and no autofill (it is not the login password).
 */
export function PaymentPasswordField({ value, onChange, error }: PaymentPasswordFieldProps) {
  const { t } = useFundsTexts();
  const id = useId();
  const [visible, setVisible] = useState(false);
  const hint = t('form.paymentPasswordHint');
  return (
    <div className={fieldStyles.field} data-field="paymentPassword">
      <FieldLabel htmlFor={id} label={t('form.paymentPassword')} />
      <div className={fieldStyles.inputWrap}>
        <input
          id={id}
          name="paymentPassword"
          type={visible ? 'text' : 'password'}
          className={fieldStyles.input}
          value={value}
          autoComplete="off"
          inputMode="numeric"
          maxLength={6}
          aria-required={true}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, hint)}
          onChange={(e) => onChange(e.target.value.replace(/\D/g, ''))}
        />
        <button
          type="button"
          className={fieldStyles.reveal}
          aria-label={visible ? t('form.hidePassword') : t('form.showPassword')}
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

/** Spec: the payment password is six digits; anything else is caught before a call. */
export function paymentPasswordProblem(
  value: string,
): 'paymentPasswordRequired' | 'paymentPasswordFormat' | null {
  if (!value) return 'paymentPasswordRequired';
  return /^\d{6}$/.test(value) ? null : 'paymentPasswordFormat';
}

/** Before the first transfer out: the payment password has to be set in the security centre. */
export function PaymentPasswordPrompt({ onSetUp }: { onSetUp: () => void }) {
  const { t } = useFundsTexts();
  return (
    <EmptyState
      icon="lock"
      headingLevel={3}
      title={t('form.setPasswordTitle')}
      text={t('form.setPasswordText')}
      action={
        <Button onClick={onSetUp} data-action="set-payment-password">
          {t('form.setPasswordAction')}
        </Button>
      }
    />
  );
}

/** A labelled search box (no required or optional mark: it only narrows a list). */
export function SearchField({
  name,
  label,
  value,
  onChange,
}: {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className={fieldStyles.field} data-field={name}>
      <label htmlFor={id} className={fieldStyles.label}>
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="search"
        className={fieldStyles.input}
        value={value}
        maxLength={32}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}
