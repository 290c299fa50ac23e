import { TextField } from '../../../components/ui/form';
import { type AmountProblem, amountInputText, amountMinor } from '../../../lib/cashier/amount';
import { useCashierTexts } from '../../../lib/cashier/texts';
import { formatMoneyDisplay } from '../../../lib/format';
import styles from '../cashier.module.css';

interface AmountFieldProps {
  name?: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  symbol: string;
  problem: AmountProblem | null;
  hint?: string | undefined;
  /** Quick picks in minor units. */
  chips?: readonly bigint[];
  /** An extra pick with its own label ("All"). */
  allChip?: bigint | null;
}

/** The text of an amount problem, its limit shown with the currency symbol. */
export function useAmountProblemText() {
  const { t } = useCashierTexts();
  return (problem: AmountProblem | null, symbol: string): string | undefined => {
    if (!problem) return undefined;
    if (problem.key === 'required' || problem.key === 'invalid') return t(`amount.${problem.key}`);
    return t(`amount.${problem.key}`, { amount: formatMoneyDisplay(problem.limit, symbol) });
  };
}

/**
 * An amount typed as the member likes ("100", "99.5"), sent as typed; the currency symbol in
 * front, quick-pick chips under it (aria-pressed when the amount is theirs).
 */
export function AmountField({
  name = 'amount',
  label,
  value,
  onChange,
  symbol,
  problem,
  hint,
  chips = [],
  allChip = null,
}: AmountFieldProps) {
  const { t } = useCashierTexts();
  const problemText = useAmountProblemText();
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
  return (
    <div className={styles.amount}>
      <TextField
        name={name}
        label={label}
        value={value}
        onChange={(v) => onChange(v.replace(/[^\d.]/g, ''))}
        inputMode="decimal"
        autoComplete="off"
        maxLength={20}
        hint={hint}
        error={problemText(problem, symbol)}
        prefix={
          <span className={styles.symbol} aria-hidden="true">
            {symbol}
          </span>
        }
      />
      {chips.length > 0 || allChip !== null ? (
        <fieldset className={styles.chips}>
          <legend className="visually-hidden">{t('common.quickAmounts')}</legend>
          {chips.map((minor) =>
            chip(minor, formatMoneyDisplay(minor, symbol).replace(/\.00$/, ''), minor.toString()),
          )}
          {allChip !== null && allChip > 0n ? chip(allChip, t('common.all'), 'all') : null}
        </fieldset>
      ) : null}
    </div>
  );
}
