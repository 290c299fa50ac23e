import { useSyncExternalStore } from 'react';
import { MERCHANT } from '../config';
import { clearStorage, readStorage, removeStorage, STORAGE_KEYS, writeStorage } from '../storage/storage';

/**
 * The session lives in sessionStorage (spec §4, §9 keys token, account, nickname, username,
 * customerId, isAgent, merchant; isTrial beside them). Components subscribe here so the header
 * and guards update when a session starts, changes or ends.
 */
const listeners = new Set<() => void>();
const notify = () => {
  for (const l of listeners) l();
};

export interface SessionProfile {
  account?: string | undefined;
  username?: string | undefined;
  nickname?: string | null | undefined;
  customerId?: number | undefined;
  isAgent?: boolean | undefined;
  isTrial?: boolean | undefined;
}

export function getToken(): string | null {
  return readStorage('session', STORAGE_KEYS.token) || null;
}

const FLAG_KEYS = {
  account: STORAGE_KEYS.account,
  username: STORAGE_KEYS.username,
  nickname: STORAGE_KEYS.nickname,
  customerId: STORAGE_KEYS.customerId,
  isAgent: STORAGE_KEYS.isAgent,
  isTrial: STORAGE_KEYS.isTrial,
} as const;

/** Stores what is known about the signed-in member; undefined values are left as they are. */
export function updateSession(profile: SessionProfile): void {
  for (const [field, key] of Object.entries(FLAG_KEYS)) {
    const value = profile[field as keyof SessionProfile];
    if (value === undefined) continue;
    if (value === null || value === '') removeStorage('session', key);
    else writeStorage('session', key, String(value));
  }
  notify();
}

export function startSession(token: string, profile: SessionProfile | string = {}): void {
  writeStorage('session', STORAGE_KEYS.token, token);
  updateSession(typeof profile === 'string' ? { account: profile } : profile);
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

/**
 * Adopts a token handed over in the URL query (`?token=…`, also `&firstLogin=1` after a social
 * sign-in), then removes both from the address.
 */
export function restoreSessionFromUrl(): void {
  const url = new URL(window.location.href);
  const token = url.searchParams.get('token');
  if (!token) return;
  if (token !== getToken()) endSession();
  startSession(token);
  if (url.searchParams.get('firstLogin') === '1') writeStorage('session', STORAGE_KEYS.firstLogin, '1');
  url.searchParams.delete('token');
  url.searchParams.delete('firstLogin');
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

export interface SessionFlags {
  token: string | null;
  account: string | null;
  isAgent: boolean;
  isTrial: boolean;
}

let flags: SessionFlags = { token: null, account: null, isAgent: false, isTrial: false };

function readFlags(): SessionFlags {
  const next: SessionFlags = {
    token: getToken(),
    account: getAccountName(),
    isAgent: readStorage('session', STORAGE_KEYS.isAgent) === 'true',
    isTrial: readStorage('session', STORAGE_KEYS.isTrial) === 'true',
  };
  const same =
    next.token === flags.token &&
    next.account === flags.account &&
    next.isAgent === flags.isAgent &&
    next.isTrial === flags.isTrial;
  if (!same) flags = next;
  return flags;
}

/** Session state (spec §3): isLogin is `token !== null`; agent and trial flags from the member type. */
export function useSession(): SessionFlags {
  return useSyncExternalStore(subscribe, readFlags, readFlags);
}
