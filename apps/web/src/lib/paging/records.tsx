import type { ReactNode } from 'react';
import styles from './records.module.css';

/** One column of a record list: its header and cell, and how the cell reads. */
export interface RecordColumn<R> {
  key: string;
  header: string;
  cell: (row: R) => ReactNode;
  /** Amounts and counts: aligned to the end, in tabular figures. */
  kind?: 'num' | 'time' | 'remark';
  /** Left out of a card's details (the card's head already shows it). */
  headOnly?: boolean;
}

interface RecordsProps<R> {
  /** Marks the table or the cards (`data-records`) for tests and journeys. */
  name: string;
  /** Names the list (the table's caption, the cards' label). */
  caption: string;
  rows: readonly R[];
  columns: readonly RecordColumn<R>[];
  rowKey: (row: R) => string;
  /** data-* marks of a row (its record's id). */
  rowMarks?: (row: R) => Record<`data-${string}`, string>;
  /** Phones: one card per row instead of a wide table. */
  cards: boolean;
  /** A card's head: what the row is, and its amount. */
  cardTitle: (row: R) => ReactNode;
  cardAmount: (row: R) => ReactNode;
  /** A table's closing row(s) (totals), inside <tfoot>. */
  tableFoot?: ReactNode;
  /** After the cards (totals). */
  cardsFoot?: ReactNode;
}

/**
 * The rows of a record page (account record, betting record) in one look: a table, or on phones
 * a card per row with the head's title and amount and the other columns as details. Goes inside
 * `PagedResults`, which brings loading, empty, failure and the paginator.
 */
export function Records<R>({
  name,
  caption,
  rows,
  columns,
  rowKey,
  rowMarks,
  cards,
  cardTitle,
  cardAmount,
  tableFoot,
  cardsFoot,
}: RecordsProps<R>) {
  if (cards) {
    return (
      <>
        <ul className={styles.cards} aria-label={caption} data-records={name}>
          {rows.map((row) => (
            <li key={rowKey(row)} className={styles.card} {...rowMarks?.(row)}>
              <div className={styles.cardTop}>
                <span className={styles.cardType}>{cardTitle(row)}</span>
                <span className={styles.cardAmount}>{cardAmount(row)}</span>
              </div>
              <dl className={styles.cardDetails}>
                {columns
                  .filter((c) => !c.headOnly)
                  .map((c) => (
                    <div key={c.key}>
                      <dt>{c.header}</dt>
                      <dd className={c.kind === 'time' ? styles.time : undefined}>{c.cell(row)}</dd>
                    </div>
                  ))}
              </dl>
            </li>
          ))}
        </ul>
        {cardsFoot}
      </>
    );
  }
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table} data-records={name}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" className={c.kind === 'num' ? styles.num : undefined}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} {...rowMarks?.(row)}>
              {columns.map((c) => (
                <td key={c.key} className={c.kind ? styles[c.kind] : undefined}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        {tableFoot ? <tfoot>{tableFoot}</tfoot> : null}
      </table>
    </div>
  );
}

/** The class of an amount cell in a table's closing row (totals), aligned with the columns above. */
export const RECORD_NUM_CELL = styles.num;
