/**
 * The win moment. Every win counts up in the strip under the reels (with the line being shown);
 * big and mega wins, the free spins just awarded and the run's total also take the centre of
 * the reels for a moment.
 */
import { useEffect, useState } from 'react';
import { usePlay } from '../../frame/play-context';
import { wireToMinor } from '../../lib/format';
import { useCountUp } from '../../lib/motion';
import { useTexts } from '../../texts';
import styles from './slot.module.css';
import type { DrawnLine, WinTier } from './slot-view';

export interface WinShow {
  amountMinor: bigint;
  tier: WinTier;
  awarded: number;
  summary: boolean;
  free: { n: number; of: number } | null;
}

function useTitle(show: WinShow): string {
  const texts = useTexts();
  if (show.summary || show.free) return texts.slot.totalWin;
  if (show.tier === 'mega') return texts.slot.megaWin;
  if (show.tier === 'big') return texts.slot.bigWin;
  return texts.frame.win;
}

/** The strip under the reels: the (running) win and the line on show. */
export function WinStrip({ show, focused }: { show: WinShow; focused: DrawnLine | null }) {
  const texts = useTexts();
  const { money } = usePlay();
  const big = show.tier === 'big' || show.tier === 'mega';
  const counted = useCountUp(show.amountMinor, big ? 1400 : 700);
  const title = useTitle(show);
  const symbol = (id: string) => texts.slot.symbols[id as keyof typeof texts.slot.symbols] ?? id;
  return (
    <div className={styles.winStrip} data-tier={show.tier}>
      <span className={styles.winTitle}>{title}</span>
      <strong className={`${styles.winAmount} tabular`} data-slot="win-amount">
        {show.amountMinor > 0n || show.free ? money(counted) : '–'}
      </strong>
      <span className={styles.winLine}>
        {focused
          ? texts.slot.lineWin(
              focused.line,
              focused.count,
              symbol(focused.symbol),
              money(wireToMinor(focused.win)),
            )
          : ''}
      </span>
    </div>
  );
}

/** How long a big win or the run's total holds the centre before the reels show again. */
export const BANNER_MS = 2800;

/** The centre-stage moment: big or mega win, free spins awarded, the run's total. */
export function WinBanner({ show }: { show: WinShow }) {
  const texts = useTexts();
  const { money } = usePlay();
  const counted = useCountUp(show.amountMinor, 1400);
  const title = useTitle(show);
  const [shown, setShown] = useState<WinShow | null>(show);
  useEffect(() => {
    setShown(show);
    const timer = setTimeout(() => setShown(null), BANNER_MS);
    return () => clearTimeout(timer);
  }, [show]);
  if (shown !== show) return null;
  if (show.awarded > 0) {
    return (
      <div className={styles.banner} data-tier="award">
        <strong>{texts.slot.freeSpinsAwarded(show.awarded)}</strong>
      </div>
    );
  }
  if (!(show.summary || show.tier === 'big' || show.tier === 'mega')) return null;
  return (
    <div className={styles.banner} data-tier={show.summary ? 'summary' : show.tier} data-slot="win">
      <span className={styles.bannerTitle}>{title}</span>
      <strong className="tabular">{money(counted)}</strong>
    </div>
  );
}
