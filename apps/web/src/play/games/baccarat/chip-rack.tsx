/** The chip values to bet with, as a radio group of chips (arrow keys move between them). */
import { useId } from 'react';
import { usePlay } from '../../frame/play-context';
import { useTexts } from '../../texts';
import styles from './baccarat.module.css';

/** A chip's face: "5", "25", "1K" (whole units of the currency). */
export function chipFace(minor: bigint): string {
  const whole = minor / 100n;
  if (minor % 100n !== 0n) return (Number(minor) / 100).toFixed(2);
  return whole >= 1000n && whole % 1000n === 0n ? `${whole / 1000n}K` : String(whole);
}

export function ChipRack(props: {
  chips: readonly bigint[];
  value: bigint;
  onChange(v: bigint): void;
  disabled: boolean;
}) {
  const texts = useTexts();
  const { money } = usePlay();
  const name = useId();
  return (
    <fieldset className={styles.chips} disabled={props.disabled}>
      <legend className={styles.chipsLegend}>{texts.baccarat.chips}</legend>
      <div className={styles.chipRow}>
        {props.chips.map((c, i) => (
          <label key={String(c)} className={styles.chip} data-colour={i}>
            <input
              type="radio"
              name={name}
              checked={c === props.value}
              aria-label={texts.baccarat.chip(money(c))}
              onChange={() => props.onChange(c)}
            />
            <span aria-hidden="true">{chipFace(c)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
