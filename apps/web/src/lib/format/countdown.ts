import { useEffect, useState } from 'react';

/** "03:04:05" for a duration in ms (never negative); past a day, `days(d, clock)` words it. */
export function countdownClock(ms: number, days?: (d: number, clock: string) => string): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const d = Math.floor(s / 86_400);
  const clock = [Math.floor((s % 86_400) / 3600), Math.floor((s % 3600) / 60), s % 60]
    .map((n) => String(n).padStart(2, '0'))
    .join(':');
  return d > 0 && days ? days(d, clock) : clock;
}

/** The time now, ticking every second while mounted (for countdowns). */
export function useTickingNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, []);
  return now;
}
