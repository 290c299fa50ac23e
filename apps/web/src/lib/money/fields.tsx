import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, EmptyState, Icon } from '../../components/ui';
import {
  describedBy,
  FieldLabel,
  FieldMessages,
  FormFailure,
  SecretField,
  TextField,
} from '../../components/ui/form';
import fieldStyles from '../../components/ui/form/fields.module.css';
import { useAccountTexts } from '../account/texts';
import { formatMoneyDisplay } from '../format/money';
import { amountInputText, amountMinor } from './amount';
import { moneyErrorText } from './errors';
import { GLYPHS } from './glyphs';
import styles from './money.module.css';
import { useFundsTexts } from './texts';

interface AmountFieldProps {
  name?: string;
  /** "Amount" unless the form names it otherwise. */
  label?: string | undefined;
  value: string;
  onChange: (value: string) => void;
  /** The currency symbol shown before the input (and in the quick picks). */
  symbol: string;
  error?: string | undefined;
  hint?: string | undefined;
  /** Quick picks in minor units. */
  chips?: readonly bigint[];
  /** An extra pick labelled "All" (minor units: the balance, or the most that may be sent); none at zero. */
  all?: bigint | null | undefined;
  /** From the form's binder: an amount is always required, so this is false there. */
  optional?: boolean | undefined;
}

/**
 * A money amount as typed by the member ("100", "99.5"; sent as typed): a decimal keypad on phones,
 * the currency symbol in front, quick-pick chips and "All" under it (aria-pressed when the amount
 * is theirs).
 */
export function AmountField({
  name = 'amount',
  label,
  value,
  onChange,
  symbol,
  error,
  hint,
  chips = [],
  all = null,
  optional,
}: AmountFieldProps) {
  const { t } = useFundsTexts();
  const current = amountMinor(value);
  const chip = (minor: bigint, text: string, key: string) => (
    <button
      key={key}
      type="button"
      className={styles.chip}
      aria-pressed={current === minor}
      onClick={() => onChange(amountInputText(minor))}
      data-chip={key}
    >
      {text}
    </button>
  );
  const showAll = all !== null && all > 0n;
  return (
    <div className={styles.amount}>
      <TextField
        name={name}
        label={label ?? t('form.amount')}
        value={value}
        onChange={(v) => onChange(v.replace(/[^\d.]/g, ''))}
        error={error}
        hint={hint}
        optional={optional}
        inputMode="decimal"
        autoComplete="off"
        maxLength={20}
        prefix={
          <span className={styles.symbol} aria-hidden="true">
            {symbol}
          </span>
        }
      />
      {chips.length > 0 || showAll ? (
        <fieldset className={styles.chips}>
          <legend className="visually-hidden">{t('form.quickAmounts')}</legend>
          {chips.map((minor) =>
            chip(minor, formatMoneyDisplay(minor, symbol).replace(/\.00$/, ''), minor.toString()),
          )}
          {showAll ? chip(all, t('form.all'), 'all') : null}
        </fieldset>
      ) : null}
    </div>
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
  /** A first, empty choice ("Choose…"): the member has to pick one, so the field is required. */
  placeholder?: string | undefined;
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
  placeholder,
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
        aria-required={placeholder === undefined ? undefined : true}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        onChange={(e) => onChange(e.target.value as V)}
      >
        {placeholder === undefined ? null : <option value="">{placeholder}</option>}
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

/** A calm, non-error note (single wallet, transfers off). */
export function Notice({ children }: { children: ReactNode }) {
  return (
    <p className={styles.notice} data-notice="true">
      <Icon path={GLYPHS.info} size={18} />
      <span>{children}</span>
    </p>
  );
}

/**
 * A read that failed: what went wrong, in the member's language, and a way to try again (busy
 * while the retry runs, when the caller says so).
 */
export function LoadFailure({
  error,
  onRetry,
  busy,
}: {
  error: unknown;
  onRetry: () => void;
  busy?: boolean;
}) {
  const { t: tc } = useTranslation();
  const { t } = useFundsTexts();
  return (
    <div className={styles.loadFailure} data-load-failure="true">
      <FormFailure>{moneyErrorText(t, tc, error)}</FormFailure>
      <Button variant="secondary" onClick={onRetry} busy={busy} disabled={busy}>
        <Icon name="refresh" size={18} />
        {t('form.retry')}
      </Button>
    </div>
  );
}

/** The six digits of a payment password (contract: paymentPasswordRequestSchema). */
export const PIN_PATTERN = /^\d{6}$/;

interface SixDigitFieldProps {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string | undefined;
  /** A new password being chosen (browsers then offer no saved one). */
  isNew?: boolean | undefined;
  optional?: boolean | undefined;
  showLabel: string;
  hideLabel: string;
}

/**
 * A payment password: six digits, masked, a numeric keypad on phones, its own show/hide toggle,
 * and no autofill of a saved password (it is not the login password).
 */
function SixDigitField({ isNew, onChange, ...rest }: SixDigitFieldProps) {
  return (
    <SecretField
      {...rest}
      autoComplete={isNew ? 'new-password' : 'off'}
      inputMode="numeric"
      maxLength={6}
      onChange={(value) => onChange(value.replace(/\D/g, '').slice(0, 6))}
    />
  );
}

type PinFieldProps = Omit<SixDigitFieldProps, 'showLabel' | 'hideLabel'>;

/** The cashier's payment password fields, with the account forms' show/hide texts. */
export function PinField(props: PinFieldProps) {
  const { t } = useAccountTexts();
  return (
    <SixDigitField {...props} showLabel={t('fields.showPassword')} hideLabel={t('fields.hidePassword')} />
  );
}

interface PaymentPasswordFieldProps {
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  name?: string;
  optional?: boolean | undefined;
}

/** The payment password that guards a transfer out, in the funds texts. */
export function PaymentPasswordField({
  name = 'paymentPassword',
  value,
  onChange,
  error,
  optional,
}: PaymentPasswordFieldProps) {
  const { t } = useFundsTexts();
  return (
    <SixDigitField
      name={name}
      label={t('form.paymentPassword')}
      hint={t('form.paymentPasswordHint')}
      value={value}
      onChange={onChange}
      error={error}
      optional={optional}
      showLabel={t('form.showPassword')}
      hideLabel={t('form.hidePassword')}
    />
  );
}

/** Spec: the payment password is six digits; anything else is caught before a call. */
export function paymentPasswordProblem(
  value: string,
): 'paymentPasswordRequired' | 'paymentPasswordFormat' | null {
  if (!value) return 'paymentPasswordRequired';
  return PIN_PATTERN.test(value) ? null : 'paymentPasswordFormat';
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
