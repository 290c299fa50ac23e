/** Controls the games share: the stake stepper, a segmented choice and the main action button. */
import { type ReactNode, useId } from 'react';
import { useTexts } from '../texts';
import styles from './controls.module.css';
import { MinusIcon, PlusIcon } from './icons';
import { usePlay } from './play-context';

export function StakeStepper(props: {
  steps: readonly bigint[];
  value: bigint;
  onChange(v: bigint): void;
  disabled?: boolean;
  label?: string;
}) {
  const texts = useTexts();
  const { money } = usePlay();
  const index = props.steps.indexOf(props.value);
  const move = (delta: number) => {
    const next = props.steps[Math.min(props.steps.length - 1, Math.max(0, index + delta))];
    if (next !== undefined) props.onChange(next);
  };
  const label = props.label ?? texts.frame.stake;
  return (
    <fieldset className={styles.stepper}>
      <legend className={styles.fieldLabel}>{label}</legend>
      <div className={styles.stepperRow}>
        <button
          type="button"
          className={styles.stepButton}
          aria-label={texts.frame.stakeDown}
          disabled={props.disabled || index <= 0}
          onClick={() => move(-1)}
        >
          <MinusIcon />
        </button>
        <output className={`${styles.stepValue} tabular`} aria-live="polite" data-stake>
          {money(props.value)}
        </output>
        <button
          type="button"
          className={styles.stepButton}
          aria-label={texts.frame.stakeUp}
          disabled={props.disabled || index >= props.steps.length - 1}
          onClick={() => move(1)}
        >
          <PlusIcon />
        </button>
      </div>
    </fieldset>
  );
}

/** A choice of a few values as native radio buttons (arrow keys move between them). */
export function Segmented<T extends string | number>(props: {
  label: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange(v: T): void;
  disabled?: boolean;
}) {
  const name = useId();
  return (
    <fieldset className={styles.segmentedField} disabled={props.disabled}>
      <legend className={styles.fieldLabel}>{props.label}</legend>
      <div className={styles.segmented}>
        {props.options.map((o) => (
          <label key={String(o.value)} className={styles.segment}>
            <input
              type="radio"
              name={name}
              checked={o.value === props.value}
              onChange={() => props.onChange(o.value)}
            />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The game's one bright button (spin, deal, roll, drop); `label` names an icon-only button. */
export function ActionButton(props: {
  children: ReactNode;
  label?: string;
  onClick(): void;
  disabled?: boolean;
  busy?: boolean;
  size?: 'round' | 'wide';
}) {
  return (
    <button
      type="button"
      className={styles.action}
      data-size={props.size ?? 'wide'}
      aria-label={props.label}
      title={props.label}
      aria-busy={props.busy || undefined}
      disabled={props.disabled}
      onClick={props.onClick}
    >
      {props.children}
    </button>
  );
}
