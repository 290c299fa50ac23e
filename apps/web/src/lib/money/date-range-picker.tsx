import { TextField } from '../../components/ui/form';
import { presetRange, RANGE_PRESETS, type RangeChoice, rangeDays } from './date-range';
import styles from './money.module.css';
import { useFundsTexts } from './texts';

export interface DateRangeValue {
  /** Which shortcut made the days, or custom once the member edits them. */
  choice: RangeChoice;
  /** YYYY-MM-DD, local days, both included. */
  from: string;
  to: string;
}

export function presetValue(choice: Exclude<RangeChoice, 'custom'>, now = new Date()): DateRangeValue {
  return { choice, ...rangeDays(presetRange(choice, now)) };
}

interface Props {
  value: DateRangeValue;
  onChange: (value: DateRangeValue) => void;
  error?: string | undefined;
}

/**
 * Spec §9 date range: shortcuts for the last and the next 7 and 30 days, and the two days
 * themselves, which the member may set freely (the shortcut then reads "custom").
 */
export function DateRangePicker({ value, onChange, error }: Props) {
  const { t } = useFundsTexts();
  return (
    <fieldset className={styles.range} data-date-range={value.choice}>
      <legend>{t('range.label')}</legend>
      <div className={styles.chips}>
        {RANGE_PRESETS.map((preset) => (
          <button
            key={preset}
            type="button"
            className={styles.chip}
            aria-pressed={value.choice === preset}
            onClick={() => onChange(presetValue(preset))}
            data-range-preset={preset}
          >
            {t(`range.${preset}`)}
          </button>
        ))}
      </div>
      <div className={styles.days}>
        <TextField
          name="from"
          type="date"
          label={t('range.from')}
          value={value.from}
          error={error}
          onChange={(from) => onChange({ ...value, choice: 'custom', from })}
        />
        <TextField
          name="to"
          type="date"
          label={t('range.to')}
          value={value.to}
          onChange={(to) => onChange({ ...value, choice: 'custom', to })}
        />
      </div>
    </fieldset>
  );
}
