import { useSyncExternalStore } from 'react';
import { MERCHANT } from '../config';
import { clearStorage, readStorage, STORAGE_KEYS, writeStorage } from '../storage/storage';

/**
 * The session token lives in sessionStorage under `token` (spec §4). Components subscribe here
 * so the header and guards update when a session starts or ends.
 */
const listeners = new Set<() => void>();
const notify = () => {
  for (const l of listeners) l();
};

export function getToken(): string | null {
  return readStorage('session', STORAGE_KEYS.token) || null;
}

export function startSession(token: string, account?: string): void {
  writeStorage('session', STORAGE_KEYS.token, token);
  if (account) writeStorage('session', STORAGE_KEYS.account, account);
  notify();
}

/** Clears the session storage, then re-stores the merchant (spec §4 Session). */
export function endSession(): void {
  clearStorage('session');
  writeStorage('session', STORAGE_KEYS.merchant, MERCHANT);
  notify();
}

export function getAccountName(): string | null {
  return readStorage('session', STORAGE_KEYS.account);
}

/** Adopts a token handed over in the URL query (`?token=…`), then removes it from the address. */
export function restoreSessionFromUrl(): void {
  const url = new URL(window.location.href);
  const token = url.searchParams.get('token');
  if (!token) return;
  startSession(token);
  url.searchParams.delete('token');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === STORAGE_KEYS.token) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The current token, or null for a visitor. */
export function useSessionToken(): string | null {
  return useSyncExternalStore(subscribe, getToken, () => null);
}
