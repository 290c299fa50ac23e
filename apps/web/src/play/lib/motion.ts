/**
 * Motion that respects the player's setting: with prefers-reduced-motion every animation here
 * collapses to its end state, so results appear at once and nothing moves on its own.
 */
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

function subscribe(notify: () => void) {
  const list = window.matchMedia(QUERY);
  list.addEventListener('change', notify);
  return () => list.removeEventListener('change', notify);
}

/** Whether the player asked for reduced motion (live: follows the system setting). */
export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(QUERY).matches;
}

export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, prefersReducedMotion, () => false);
}

/** Resolves after `ms`, or at once with reduced motion (sequenced reveals use it). */
export const pause = (ms: number): Promise<void> =>
  prefersReducedMotion() || ms <= 0 ? Promise.resolve() : new Promise((r) => setTimeout(r, ms));

const easeOut = (t: number) => 1 - (1 - t) ** 3;

/**
 * A figure that counts from its previous value to `target` over `durationMs` (money in minor
 * units): balance changes and win counters climb briefly instead of jumping.
 */
export function useCountUp(target: bigint, durationMs = 600): bigint {
  const reduced = useReducedMotion();
  const [shown, setShown] = useState(target);
  const from = useRef(target);
  useEffect(() => {
    const start = from.current;
    if (reduced || start === target) {
      from.current = target;
      setShown(target);
      return;
    }
    const began = performance.now();
    let frame = 0;
    const step = (now: number) => {
      const t = Math.min(1, (now - began) / durationMs);
      const value = start + ((target - start) * BigInt(Math.round(easeOut(t) * 1000))) / 1000n;
      from.current = value;
      setShown(value);
      if (t < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [target, durationMs, reduced]);
  return shown;
}

/** A number that glides to `target` over `durationMs` (the dice roll's read-out). */
export function useTween(target: number, durationMs = 500): number {
  const reduced = useReducedMotion();
  const [shown, setShown] = useState(target);
  const from = useRef(target);
  useEffect(() => {
    const start = from.current;
    if (reduced || start === target) {
      from.current = target;
      setShown(target);
      return;
    }
    const began = performance.now();
    let frame = 0;
    const step = (now: number) => {
      const t = Math.min(1, (now - began) / durationMs);
      const value = Math.round(start + (target - start) * easeOut(t));
      from.current = value;
      setShown(value);
      if (t < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [target, durationMs, reduced]);
  return shown;
}
