/**
 * The dice board: the roll read-out, a 0–100 rail coloured by the winning side, the target
 * slider on it and the marker that glides to the roll.
 */
import type { DiceDirection } from '@aurum/games';
import type { CSSProperties } from 'react';
import type { PlayValue } from '../../api/play-api';
import { rollText } from '../../lib/format';
import { useTween } from '../../lib/motion';
import { useTexts } from '../../texts';
import styles from './dice.module.css';

const SCALE = [0, 25, 50, 75, 100];
/** The roll runs 0..9999; the rail's 100 % is 99.99. */
const pct = (v: number) => `${(v / 99.99).toFixed(3)}%`;

export function DiceTrack(props: {
  target: number;
  direction: DiceDirection;
  min: number;
  max: number;
  round: PlayValue<'diceRoll'> | null;
  landing: boolean;
  disabled: boolean;
  onTarget(target: number): void;
}) {
  const texts = useTexts();
  const { round } = props;
  const shown = useTween(round?.roll ?? 0, 600);
  const describe = (t: number) =>
    props.direction === 'under' ? texts.dice.rollUnder(rollText(t)) : texts.dice.rollOver(rollText(t));
  const vars = {
    '--target': pct(props.target),
    '--roll': pct(round?.roll ?? 0),
    '--min': pct(props.min),
    '--max': pct(props.max),
  } as CSSProperties;
  const result = !round || props.landing ? 'none' : round.win ? 'win' : 'loss';
  return (
    <div className={styles.track} style={vars}>
      <div className={styles.display} data-result={result}>
        <span className={`${styles.rollValue} tabular`} data-dice="roll">
          {round ? rollText(shown) : '–'}
        </span>
        <span className={styles.rollCaption}>{texts.dice.result}</span>
      </div>
      <div className={styles.rail} data-direction={props.direction}>
        {round ? (
          <span className={styles.marker} data-landing={props.landing || undefined} aria-hidden="true">
            <span className="tabular">{rollText(round.roll)}</span>
          </span>
        ) : null}
        <input
          type="range"
          className={styles.range}
          min={props.min}
          max={props.max}
          step={1}
          value={props.target}
          disabled={props.disabled}
          aria-label={texts.dice.target}
          aria-valuetext={describe(props.target)}
          onChange={(e) => props.onTarget(Number(e.target.value))}
        />
      </div>
      <div className={styles.scale} aria-hidden="true">
        {SCALE.map((n) => (
          <span key={n}>{n}</span>
        ))}
      </div>
    </div>
  );
}
