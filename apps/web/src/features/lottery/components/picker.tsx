import { useId, useState } from 'react';
import { Button, cx } from '../../../components/ui';
import { useLotteryTexts } from '../../../lib/lottery/texts';
import {
  applyQuickPick,
  type ImportedPicks,
  importPicks,
  offersQuickPicks,
  type Picks,
  QUICK_PICKS,
  type QuickPick,
  togglePick,
} from '../model/picks';
import type { NumberRow, OptionRow, Picker as PickerDef } from '../model/plays';
import { padNumber, rowValues } from '../model/plays';
import { optionText, rowLabelText } from './labels';
import styles from './picker.module.css';

interface PickerProps {
  picker: PickerDef;
  /** The play's name: the label of its one option when it has no choice to make (any triple). */
  name: string;
  picks: Picks;
  onChange: (picks: Picks) => void;
  /** The odds of an option, as text ("1.982"), for odds bets; undefined shows none. */
  oddsOf?: (row: OptionRow, option: string) => string | undefined;
  disabled?: boolean;
}

/** Ten to a line, as lottery slips are printed; 11x5's eleven and K3's six on one line each. */
const columnsClass = (count: number) => (count === 11 ? styles.eleven : count <= 6 ? styles.few : undefined);

/** The picks of a play: rows of number cells with quick picks, or rows of options. */
export function Picker({ picker, name, picks, onChange, oddsOf, disabled }: PickerProps) {
  if (picker.kind === 'options')
    return (
      <div className={styles.rows}>
        {picker.rows.map((row, i) => (
          <OptionCells
            key={JSON.stringify([row.label, row.at])}
            row={row}
            name={name}
            single={picker.rows.length === 1}
            picked={picks[i] ?? []}
            onToggle={(index) => onChange(togglePick(picks, picker, i, index))}
            oddsOf={oddsOf}
            disabled={disabled}
          />
        ))}
      </div>
    );
  const rows = picker.kind === 'pool' ? [picker.row] : picker.rows;
  const quick = offersQuickPicks(picker);
  return (
    <div className={styles.rows}>
      {rows.map((row, i) => (
        <NumberCells
          // biome-ignore lint/suspicious/noArrayIndexKey: a picker's rows are fixed; their place is their identity.
          key={i}
          row={row}
          picked={picks[i] ?? []}
          onToggle={(value) => onChange(togglePick(picks, picker, i, value))}
          onQuick={
            quick ? (pick, shown) => onChange(applyQuickPick(picks, picker, i, pick, shown)) : undefined
          }
          disabled={disabled}
        />
      ))}
      <TextImport picker={picker} onChange={onChange} disabled={disabled} />
    </div>
  );
}

/**
 * The grid's text import: numbers pasted or typed (a pool: all in one; several rows: a line per
 * row) replace the picks; what is not a number of the grid is named, never guessed.
 */
function TextImport({
  picker,
  onChange,
  disabled,
}: {
  picker: PickerDef;
  onChange: (picks: Picks) => void;
  disabled: boolean | undefined;
}) {
  const { t } = useLotteryTexts();
  const id = useId();
  const [text, setText] = useState('');
  const [result, setResult] = useState<ImportedPicks | null>(null);
  const rows = picker.kind === 'pool' ? 1 : picker.kind === 'options' ? 0 : picker.rows.length;
  const apply = () => {
    const imported = importPicks(picker, text);
    if (!imported) return;
    setResult(imported);
    onChange(imported.picks);
  };
  const picked = result ? result.picks.reduce((n, r) => n + r.length, 0) : 0;
  return (
    <details className={styles.import} data-text-import="true">
      <summary className={styles.importSummary}>{t('quick.import')}</summary>
      <label htmlFor={`${id}-text`} className={styles.importLabel}>
        {rows > 1 ? t('quick.importRows', { n: rows }) : t('quick.importPool')}
      </label>
      <textarea
        id={`${id}-text`}
        className={styles.importText}
        rows={rows > 1 ? Math.min(rows, 5) : 2}
        value={text}
        onChange={(e) => setText(e.target.value)}
        inputMode="numeric"
        spellCheck={false}
        disabled={disabled}
      />
      <Button variant="secondary" size="sm" onClick={apply} disabled={disabled || text.trim() === ''}>
        {t('quick.importApply')}
      </Button>
      {result ? (
        <p className={styles.importNote} role="status">
          {t('quick.importDone', { n: picked })}
          {result.dropped > 0 ? ` ${t('quick.importDropped', { n: result.dropped })}` : ''}
          {result.rejected.length > 0
            ? ` ${t('quick.importRejected', { list: result.rejected.join(' ') })}`
            : ''}
        </p>
      ) : null}
    </details>
  );
}

interface NumberCellsProps {
  row: NumberRow;
  picked: readonly number[];
  onToggle: (value: number) => void;
  onQuick: ((pick: QuickPick, shown: readonly number[]) => void) | undefined;
  disabled: boolean | undefined;
}

function NumberCells({ row, picked, onToggle, onQuick, disabled }: NumberCellsProps) {
  const { t } = useLotteryTexts();
  const values = rowValues(row);
  const [page, setPage] = useState(0);
  const pageSize = row.pageSize;
  const shown = pageSize ? values.slice(page * pageSize, (page + 1) * pageSize) : values;
  const label = rowLabelText(t, row.label);
  return (
    <fieldset className={styles.row} data-row={label}>
      <legend className={styles.legend}>
        {label}
        {picked.length > 0 ? (
          <span className={styles.count}>{t('play.picked', { count: picked.length })}</span>
        ) : null}
      </legend>
      {pageSize ? (
        <fieldset className={styles.pages}>
          <legend className="visually-hidden">{t('play.pages')}</legend>
          {Array.from({ length: Math.ceil(values.length / pageSize) }, (_, p) => {
            const from = padNumber(values[p * pageSize]!, row.pad);
            const inPage = picked.filter((v) => v >= p * pageSize && v < (p + 1) * pageSize).length;
            return (
              <button
                // biome-ignore lint/suspicious/noArrayIndexKey: the pages of a pool are fixed.
                key={p}
                type="button"
                className={cx(styles.page, inPage > 0 && styles.pageUsed)}
                aria-pressed={p === page}
                onClick={() => setPage(p)}
              >
                {t('play.page', { from })}
              </button>
            );
          })}
        </fieldset>
      ) : null}
      <div className={cx(styles.cells, columnsClass(values.length))}>
        {shown.map((v) => {
          const on = picked.includes(v);
          return (
            <button
              key={v}
              type="button"
              className={cx(styles.cell, on && styles.on)}
              aria-pressed={on}
              disabled={disabled}
              onClick={() => onToggle(v)}
              data-value={v}
            >
              {padNumber(v, row.pad)}
            </button>
          );
        })}
      </div>
      {onQuick ? (
        <fieldset className={styles.quick}>
          <legend className="visually-hidden">{t('quick.label', { row: label })}</legend>
          {QUICK_PICKS.map((pick) => (
            <Button
              key={pick}
              variant="ghost"
              size="sm"
              disabled={disabled}
              onClick={() => onQuick(pick, shown)}
            >
              {t(`quick.${pick}`)}
            </Button>
          ))}
        </fieldset>
      ) : null}
    </fieldset>
  );
}

interface OptionCellsProps {
  row: OptionRow;
  name: string;
  /** The only row: its name is the play's, so it is not shown again. */
  single: boolean;
  picked: readonly number[];
  onToggle: (index: number) => void;
  oddsOf: PickerProps['oddsOf'];
  disabled: boolean | undefined;
}

function OptionCells({ row, name, single, picked, onToggle, oddsOf, disabled }: OptionCellsProps) {
  const { t } = useLotteryTexts();
  const label = rowLabelText(t, row.label);
  const odds = row.options.map((o) => oddsOf?.(row, o));
  // One price for the whole row (a number from 1–49) shows once, not on every cell.
  const shared = odds.every((o) => o === odds[0]) && row.options.length > 4 ? odds[0] : undefined;
  const numeric = row.options.every((o) => /^\d+$/.test(o));
  // 1–49 reads as a ball grid ("07"); short runs (cars 1–10, sums 3–19) as they are.
  const pad = numeric && row.options.length > 20 ? 2 : 1;
  return (
    <fieldset className={styles.row} data-row={label}>
      <legend className={cx(styles.legend, single && row.label.key === 'any' && 'visually-hidden')}>
        {label}
        {shared ? <span className={styles.count}>{t('play.odds', { odds: shared })}</span> : null}
      </legend>
      <div className={cx(styles.cells, numeric ? columnsClass(row.options.length) : styles.options)}>
        {row.options.map((option, i) => {
          const on = picked.includes(i);
          return (
            <button
              key={option}
              type="button"
              className={cx(numeric ? styles.cell : styles.option, on && styles.on)}
              aria-pressed={on}
              disabled={disabled}
              onClick={() => onToggle(i)}
              data-option={option}
            >
              <span>
                {numeric ? padNumber(Number(option), pad) : option === 'any' ? name : optionText(t, option)}
              </span>
              {odds[i] && !shared ? <span className={styles.odds}>{odds[i]}</span> : null}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
