import { useSyncExternalStore } from 'react';

/**
 * When this tab last used its session in a way that slides the server's idle limit: a signed-in
 * (T) call that succeeded, a WebSocket that authenticated, or the session's start. Epoch ms, 0
 * when unknown (a reload, until the first signed-in call answers).
 */
let lastUse = 0;
const listeners = new Set<() => void>();
const notify = () => {
  for (const l of listeners) l();
};

/** A use at `at` (the time the call was sent, so the server saw it no earlier). */
export function noteSessionUse(at: number = Date.now()): void {
  if (at <= lastUse) return;
  lastUse = at;
  notify();
}

/** The session ended: nothing is known of the next one until it starts. */
export function clearSessionUse(): void {
  if (lastUse === 0) return;
  lastUse = 0;
  notify();
}

export const lastSessionUse = (): number => lastUse;

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useLastSessionUse(): number {
  return useSyncExternalStore(subscribe, lastSessionUse, lastSessionUse);
}
