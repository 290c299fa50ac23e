/**
 * The five reels. A spin scrolls each reel down its real strip (the maths package's) and stops
 * it, reel by reel, exactly on the window the server drew; once the last reel stops, the win
 * lines are drawn and the winning symbols lit while the rest dim.
 */
import { SLOT_ROWS, SLOT_STRIPS, type SlotSymbol } from '@aurum/games';
import { type CSSProperties, useLayoutEffect, useRef, useState } from 'react';
import { prefersReducedMotion } from '../../lib/motion';
import { useTexts } from '../../texts';
import styles from './slot.module.css';
import { cellKey, type WinView } from './slot-view';
import { SymbolArt } from './symbol-art';
import { WinLines } from './win-lines';

/** One spin to show: the window it lands on and where each reel's strip stopped. */
export interface ReelSpin {
  id: number;
  window: string[][];
  stops: number[];
  /** Quicker stops for free spins; none at all when the player skips. */
  pace: 'base' | 'free' | 'instant';
}

const PACE = {
  base: { firstMs: 650, stepMs: 230, extra: 14, stepExtra: 4 },
  free: { firstMs: 420, stepMs: 140, extra: 9, stepExtra: 2 },
  instant: { firstMs: 0, stepMs: 0, extra: 0, stepExtra: 0 },
} as const;

function Reel(props: {
  reel: number;
  spin: ReelSpin;
  skip: boolean;
  win: WinView | null;
  onStop(reel: number): void;
}) {
  const texts = useTexts();
  const { reel, spin, onStop } = props;
  const final = spin.window[reel] ?? [];
  const [strip, setStrip] = useState<string[]>(final);
  const shown = useRef<string[]>(final);
  const column = useRef<HTMLDivElement>(null);
  const animation = useRef<Animation | null>(null);

  // A new spin: lay out [final window, strip symbols, previous window] and scroll down to the top.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a spin starts when its id changes.
  useLayoutEffect(() => {
    const pace = PACE[spin.pace];
    const extra = pace.extra + pace.stepExtra * reel;
    const source = SLOT_STRIPS[reel] ?? [];
    const stop = spin.stops[reel] ?? 0;
    const filler = Array.from(
      { length: source.length ? extra : 0 },
      (_, j) => source[(stop + SLOT_ROWS + j) % source.length] as string,
    );
    const previous = shown.current;
    shown.current = final;
    const node = column.current;
    if (spin.pace === 'instant' || prefersReducedMotion() || !node || typeof node.animate !== 'function') {
      setStrip(final);
      onStop(reel);
      return;
    }
    const items = [...final, ...filler, ...previous];
    setStrip(items);
    const from = ((items.length - SLOT_ROWS) / items.length) * 100;
    const run = node.animate(
      [
        { transform: `translateY(-${from}%)`, easing: 'cubic-bezier(0.45, 0.05, 0.55, 0.95)' },
        { transform: 'translateY(1.2%)', offset: 0.93, easing: 'ease-out' },
        { transform: 'translateY(0)' },
      ],
      { duration: pace.firstMs + pace.stepMs * reel },
    );
    animation.current = run;
    run.onfinish = () => {
      animation.current = null;
      setStrip(final);
      onStop(reel);
    };
    return () => run.cancel();
  }, [spin.id]);

  useLayoutEffect(() => {
    if (props.skip) animation.current?.finish();
  }, [props.skip]);

  const still = strip === final || strip.length === SLOT_ROWS;
  return (
    <div className={styles.reel}>
      <div
        ref={column}
        className={styles.column}
        style={{ '--items': strip.length } as CSSProperties}
        data-spinning={still ? undefined : true}
      >
        {strip.map((symbol, row) => {
          const key = cellKey(reel, row);
          const lit = still && props.win?.cells.has(key);
          const dim = still && props.win && props.win.cells.size > 0 && !lit;
          return (
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: cells are positions on the reel.
              key={row}
              className={styles.cell}
              data-win={lit || undefined}
              data-dim={dim || undefined}
            >
              <SymbolArt
                className={styles.art}
                symbol={symbol as SlotSymbol}
                label={still ? texts.slot.symbols[symbol as SlotSymbol] : undefined}
              />
            </div>
          );
        })}
      </div>
    </div>
  );
}

export function Reels(props: {
  spin: ReelSpin;
  skip: boolean;
  /** Shown once every reel has stopped; null while spinning or with nothing won. */
  win: WinView | null;
  focusLine: number | null;
  onStopped(): void;
}) {
  const texts = useTexts();
  const stopped = useRef(new Set<number>());
  const lastSpin = useRef(props.spin.id);
  if (lastSpin.current !== props.spin.id) {
    lastSpin.current = props.spin.id;
    stopped.current = new Set();
  }
  const onStop = (reel: number) => {
    stopped.current.add(reel);
    if (stopped.current.size === props.spin.window.length) props.onStopped();
  };
  return (
    <section className={styles.window} aria-label={texts.slot.reels}>
      {props.spin.window.map((_, reel) => (
        <Reel
          // biome-ignore lint/suspicious/noArrayIndexKey: reels are fixed positions.
          key={reel}
          reel={reel}
          spin={props.spin}
          skip={props.skip}
          win={props.win}
          onStop={onStop}
        />
      ))}
      {props.win ? <WinLines lines={props.win.lines} focus={props.focusLine} /> : null}
    </section>
  );
}
