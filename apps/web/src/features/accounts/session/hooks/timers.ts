import { useCallback, useEffect, useRef, useState } from 'react';

/** Spec §9: SMS requests and captcha refreshes at most once per second. */
export const THROTTLE_MS = 1000;
/** Spec §4: the SMS button counts down 60 s per minute the code is valid. */
export const SMS_SECONDS_PER_MINUTE = 60;

/** A gate that lets one call through per interval. */
export function createThrottle(intervalMs: number, now: () => number = Date.now) {
  let last = Number.NEGATIVE_INFINITY;
  return (): boolean => {
    const t = now();
    if (t - last < intervalMs) return false;
    last = t;
    return true;
  };
}

/** A stable throttle gate for a component. */
export function useThrottle(intervalMs = THROTTLE_MS): () => boolean {
  const gate = useRef<(() => boolean) | null>(null);
  gate.current ??= createThrottle(intervalMs);
  return gate.current;
}

/** Seconds left of a countdown; `start(seconds)` (re)starts it. */
export function useCountdown(): { remaining: number; start: (seconds: number) => void } {
  const [endAt, setEndAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (endAt <= Date.now()) return;
    const timer = setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= endAt) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [endAt]);
  const start = useCallback((seconds: number) => {
    const t = Date.now();
    setNow(t);
    setEndAt(t + seconds * 1000);
  }, []);
  return { remaining: Math.max(0, Math.ceil((endAt - now) / 1000)), start };
}
