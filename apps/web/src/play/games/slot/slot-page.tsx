/**
 * /play/slot — "Golden Dynasty": 5×3 reels, 20 lines. A spin's reply holds the whole round
 * (the paid spin and any free spins); the page plays it out — reels stop one by one on each
 * window, win lines and a count-up for each win, the free-spin run with its counter — and the
 * balance and history change when it ends. Space spins (or skips the run).
 */
import { SLOT_STRIPS, windowAt } from '@aurum/games';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ActionButton, StakeStepper } from '../../frame/controls';
import { GameFrame } from '../../frame/game-frame';
import { SpinIcon } from '../../frame/icons';
import { usePlay } from '../../frame/play-context';
import { useBet } from '../../frame/use-bet';
import { multiplier, toWire, wireToMinor } from '../../lib/format';
import { nearestStep, stakeLadder } from '../../lib/stakes';
import { useTexts } from '../../texts';
import { Paytable } from './paytable';
import { type ReelSpin, Reels } from './reels';
import styles from './slot.module.css';
import { roundProgress, type SlotRoundView, type WinView, winTier, winView } from './slot-view';
import { SymbolDefs } from './symbol-art';
import { WinBanner, WinStrip } from './win-banner';

/** How long a win stays up before the next free spin, and the free-spin award banner. */
const WIN_HOLD_MS = 1300;
const LOSS_HOLD_MS = 350;
const AWARD_HOLD_MS = 1800;
const LINE_CYCLE_MS = 1400;

const IDLE_STOPS = SLOT_STRIPS.map(() => 0);

interface Presentation {
  win: WinView | null;
  /** The win counter: this spin's win, or the run's total in free spins. */
  amountMinor: bigint;
  tier: ReturnType<typeof winTier>;
  free: { n: number; of: number } | null;
  awarded: number;
  summary: boolean;
}

const quiet: Presentation = {
  win: null,
  amountMinor: 0n,
  tier: 'none',
  free: null,
  awarded: 0,
  summary: false,
};

export default function SlotPage() {
  const texts = useTexts();
  const { session, settle } = usePlay();
  const steps = stakeLadder(wireToMinor(session.minStake), wireToMinor(session.maxStake));
  const [stake, setStake] = useState(() => nearestStep(steps, 100n));
  const [spin, setSpin] = useState<ReelSpin>(() => ({
    id: 0,
    window: windowAt(IDLE_STOPS),
    stops: IDLE_STOPS,
    pace: 'instant',
  }));
  const [show, setShow] = useState<Presentation>(quiet);
  const [focusLine, setFocusLine] = useState<number | null>(null);
  const [playing, setPlaying] = useState(false);
  const [skip, setSkip] = useState(false);
  const skipRef = useRef(false);
  const stopped = useRef<(() => void) | null>(null);
  const { place, busy } = useBet('slotSpin');

  // Pauses of the play-out; skipping ends the one under way and every later one.
  const pending = useRef(new Set<() => void>());
  const wait = (ms: number) =>
    skipRef.current
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          const done = () => {
            clearTimeout(timer);
            pending.current.delete(done);
            resolve();
          };
          const timer = setTimeout(done, ms);
          pending.current.add(done);
        });

  const spinTo = (next: Omit<ReelSpin, 'id' | 'pace'>, free: boolean) =>
    new Promise<void>((resolve) => {
      stopped.current = resolve;
      setSpin((s) => ({ ...next, id: s.id + 1, pace: skipRef.current ? 'instant' : free ? 'free' : 'base' }));
    });

  const playOut = async (round: SlotRoundView) => {
    const progress = roundProgress(round.spins);
    const stakeMinor = wireToMinor(round.stake);
    for (const [i, s] of round.spins.entries()) {
      const at = progress[i] ?? { free: 0, of: 0, totalMinor: 0n };
      const free = s.free ? { n: at.free, of: at.of } : null;
      setShow({ ...quiet, free, amountMinor: s.free ? at.totalMinor - wireToMinor(s.win) : 0n });
      await spinTo({ window: s.window, stops: s.stops }, s.free);
      const win = winView(s);
      const spinWin = wireToMinor(s.win);
      const amountMinor = s.free ? at.totalMinor : spinWin;
      setShow({ win, amountMinor, tier: winTier(spinWin, stakeMinor), free, awarded: 0, summary: false });
      await wait(spinWin > 0n ? WIN_HOLD_MS : LOSS_HOLD_MS);
      if (s.freeSpinsAwarded > 0) {
        setShow((p) => ({ ...p, awarded: s.freeSpinsAwarded }));
        await wait(AWARD_HOLD_MS);
        setShow((p) => ({ ...p, awarded: 0 }));
      }
    }
    const last = round.spins[round.spins.length - 1];
    const totalMinor = wireToMinor(round.totalWin);
    if (round.spins.length > 1 && last) {
      setShow({
        win: winView(last),
        amountMinor: totalMinor,
        tier: winTier(totalMinor, stakeMinor),
        free: null,
        awarded: 0,
        summary: true,
      });
    }
    settle(
      {
        orderNo: round.orderNo,
        label: totalMinor > 0n ? multiplier(Number((totalMinor * 10_000n) / stakeMinor)) : '–',
        stakeMinor,
        winMinor: totalMinor,
      },
      round.balance,
    );
  };

  const start = async () => {
    if (busy || playing) return;
    setPlaying(true);
    skipRef.current = false;
    setSkip(false);
    setShow(quiet);
    setFocusLine(null);
    try {
      const round = await place({ stake: toWire(stake) });
      if (round) await playOut(round);
    } finally {
      setPlaying(false);
    }
  };

  const skipRun = useCallback(() => {
    skipRef.current = true;
    setSkip(true);
    for (const done of [...pending.current]) done();
  }, []);

  // Space spins; during a run it skips to the end.
  const keyAction = useRef<() => void>(() => {});
  keyAction.current = playing ? skipRun : () => void start();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.code !== 'Space' || e.repeat) return;
      const target = e.target instanceof Element ? e.target : null;
      if (target?.closest('input, textarea, select, button, a, dialog, [contenteditable]')) return;
      e.preventDefault();
      keyAction.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // With several winning lines, show them one after another until the next spin.
  const lines = show.win?.lines ?? [];
  useEffect(() => {
    setFocusLine(null);
    if (lines.length < 2 || playing) return;
    let i = 0;
    const timer = setInterval(() => {
      setFocusLine(lines[i % lines.length]?.line ?? null);
      i++;
    }, LINE_CYCLE_MS);
    return () => clearInterval(timer);
  }, [lines, playing]);

  const focused = lines.find((l) => l.line === focusLine) ?? null;
  return (
    <GameFrame
      title={session.game.name}
      info={{ label: texts.slot.paytable, content: <Paytable stakeMinor={stake} /> }}
    >
      <SymbolDefs />
      <section
        className={styles.stage}
        data-free={show.free ? true : undefined}
        aria-label={texts.slot.title}
      >
        <div className={styles.cabinet}>
          <div className={styles.marquee}>
            {show.free ? (
              <span className={styles.freeCounter} data-slot="free-counter">
                {texts.slot.freeSpin(show.free.n, show.free.of)}
              </span>
            ) : (
              <span className={styles.marqueeTitle}>{session.game.name}</span>
            )}
          </div>
          <div className={styles.reelsWrap}>
            <Reels
              spin={spin}
              skip={skip}
              win={show.win}
              focusLine={focusLine}
              onStopped={() => stopped.current?.()}
            />
            <WinBanner show={show} />
          </div>
          <WinStrip show={show} focused={focused} />
        </div>
        <div className={styles.controls}>
          <StakeStepper steps={steps} value={stake} onChange={setStake} disabled={busy || playing} />
          <ActionButton
            size="round"
            label={busy || playing ? texts.slot.spinning : texts.slot.spin}
            onClick={() => void start()}
            disabled={busy || playing}
            busy={busy || playing}
          >
            <SpinIcon />
          </ActionButton>
          <div className={styles.aside}>
            {playing && !busy ? (
              <button type="button" className={styles.skip} onClick={skipRun} disabled={skip}>
                {texts.slot.skip}
              </button>
            ) : (
              <p className={styles.hint}>{texts.slot.spinHint}</p>
            )}
          </div>
        </div>
      </section>
    </GameFrame>
  );
}
