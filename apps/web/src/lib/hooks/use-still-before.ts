import { useEffect, useState } from 'react';

/** setTimeout holds at most 2^31-1 ms (~24.8 days); a later moment is re-checked then. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/** Whether `until` (epoch ms) is still ahead; turns false by itself, with a render, when it passes. */
export function useStillBefore(until: number | null): boolean {
  const [checks, recheck] = useState(0);
  const ahead = until !== null && until > Date.now();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `checks` re-arms the timer after a capped wait.
  useEffect(() => {
    if (until === null) return;
    const left = until - Date.now();
    if (left <= 0) return;
    const timer = setTimeout(() => recheck((n) => n + 1), Math.min(left + 1, LONGEST_TIMER_MS));
    return () => clearTimeout(timer);
  }, [until, checks]);
  return ahead;
}
