/**
 * The slot's paytable, straight from the maths package: line pays per symbol (in line bets and
 * in money at the current stake), the wild, scatter and free-spin rules, the 20 paylines, and
 * the return to player from its exact figure.
 */
import {
  SLOT_FREE_SPIN_MULTIPLIER,
  SLOT_FREE_SPINS_AWARD,
  SLOT_LINE_PAYS,
  SLOT_PAYLINES,
  SLOT_SCATTER_PAYS,
  type SlotSymbol,
  slotReturn,
  toPercent,
} from '@aurum/games';
import { useMemo } from 'react';
import { usePlay } from '../../frame/play-context';
import { useTexts } from '../../texts';
import styles from './slot.module.css';
import { SymbolArt } from './symbol-art';

const LINES = SLOT_PAYLINES.length;
const COUNTS = [5, 4, 3] as const;

function LineDiagram({ line }: { line: number }) {
  const rows = SLOT_PAYLINES[line - 1] ?? [];
  return (
    <svg viewBox="0 0 50 30" className={styles.lineDiagram} aria-hidden="true" focusable="false">
      {rows.map((_, reel) =>
        [0, 1, 2].map((row) => (
          <rect
            // biome-ignore lint/suspicious/noArrayIndexKey: cells are grid positions.
            key={`${reel}:${row}`}
            x={reel * 10 + 1}
            y={row * 10 + 1}
            width="8"
            height="8"
            rx="1.5"
            data-on={rows[reel] === row || undefined}
          />
        )),
      )}
      <polyline points={rows.map((row, reel) => `${reel * 10 + 5},${row * 10 + 5}`).join(' ')} />
    </svg>
  );
}

export function Paytable({ stakeMinor }: { stakeMinor: bigint }) {
  const texts = useTexts();
  const { money } = usePlay();
  const rtp = useMemo(() => toPercent(slotReturn().rtp, 2), []);
  const linePay = (units: number) => money((stakeMinor * BigInt(units)) / BigInt(LINES));
  const scatterText = Object.entries(SLOT_SCATTER_PAYS)
    .map(([count, pays]) => `${count} × ${pays}× = ${money(stakeMinor * BigInt(pays))}`)
    .join(' · ');
  return (
    <div className={styles.paytable}>
      <p>{texts.slot.paytableIntro(LINES)}</p>
      <table className={styles.payTable}>
        <thead>
          <tr>
            <th scope="col">{texts.slot.symbolHeader}</th>
            {COUNTS.map((c) => (
              <th key={c} scope="col" className="tabular">
                {`${c}×`}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {Object.entries(SLOT_LINE_PAYS).map(([symbol, pays]) => (
            <tr key={symbol}>
              <th scope="row">
                <span className={styles.paySymbol}>
                  <SymbolArt className={styles.payArt} symbol={symbol as SlotSymbol} />
                  {texts.slot.symbols[symbol as SlotSymbol]}
                </span>
              </th>
              {COUNTS.map((count) => {
                const units = pays[count - 3] ?? 0;
                return (
                  <td key={count} className="tabular">
                    <strong className={styles.payMoney}>{linePay(units)}</strong>
                    <span className={styles.payUnits}>{`${units}×`}</span>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <p className={styles.payNote}>{texts.slot.paysHeader}</p>
      <div className={styles.rule}>
        <span className={styles.ruleArt}>
          <SymbolArt className={styles.payArt} symbol="WILD" />
        </span>
        <p>{texts.slot.wildRule}</p>
      </div>
      <div className={styles.rule}>
        <span className={styles.ruleArt}>
          <SymbolArt className={styles.payArt} symbol="SCATTER" />
        </span>
        <p>
          {texts.slot.scatterRule(scatterText)}{' '}
          {texts.slot.freeSpinsRule(SLOT_FREE_SPINS_AWARD, SLOT_FREE_SPIN_MULTIPLIER)}
        </p>
      </div>
      <h3>{texts.slot.linesHeader}</h3>
      <ol className={styles.lineGrid}>
        {SLOT_PAYLINES.map((_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: paylines are numbered by position.
          <li key={i}>
            <LineDiagram line={i + 1} />
            <span>{texts.slot.line(i + 1)}</span>
          </li>
        ))}
      </ol>
      <p className={styles.rtp}>
        <strong>{texts.slot.rtp(rtp)}</strong> {texts.slot.rtpNote}
      </p>
    </div>
  );
}
