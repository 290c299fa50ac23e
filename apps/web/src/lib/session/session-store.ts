import type { HANDOFF_TICKET_PARAM } from '@aurum/contract';
import { useSyncExternalStore } from 'react';
import { MERCHANT } from '../config';
import { clearStorage, readStorage, removeStorage, STORAGE_KEYS, writeStorage } from '../storage/storage';
import { clearSessionUse, noteSessionUse } from './idle';

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
  viewOnly?: boolean | undefined;
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
  viewOnly: STORAGE_KEYS.viewOnly,
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
  noteSessionUse();
  updateSession(typeof profile === 'string' ? { account: profile } : profile);
}

/** Clears the session storage, then re-stores the merchant (spec §4 Session). */
export function endSession(): void {
  clearStorage('session');
  writeStorage('session', STORAGE_KEYS.merchant, MERCHANT);
  clearSessionUse();
  notify();
}

export function getAccountName(): string | null {
  return readStorage('session', STORAGE_KEYS.account);
}

/** The query parameter of a session hand-off link (contract HANDOFF_TICKET_PARAM). */
const TICKET_PARAM: typeof HANDOFF_TICKET_PARAM = 'ticket';
const TICKET_PATTERN = /^[A-Za-z0-9_-]{43}$/;
let pendingTicket: string | null = null;

/**
 * Start-up, before anything else reads the address (spec §4 "restores the session from … the URL
 * query", made safe): a one-time hand-off ticket (`?ticket=`, from a hand-off link or a social
 * sign-in) is taken out of the address bar at once, keeping the rest of the URL, and held until
 * the app redeems it by POST. A session token in the URL (`?token=`) is never adopted: it is
 * dropped with the old `firstLogin` flag, so a link can no longer sign a visitor into someone
 * else's account.
 */
export function restoreSessionFromUrl(): void {
  const url = new URL(window.location.href);
  const params = url.searchParams;
  if (!params.has(TICKET_PARAM) && !params.has('token') && !params.has('firstLogin')) return;
  const ticket = params.get(TICKET_PARAM);
  pendingTicket = ticket && TICKET_PATTERN.test(ticket) ? ticket : null;
  params.delete(TICKET_PARAM);
  params.delete('token');
  params.delete('firstLogin');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

/** The hand-off ticket the page was opened with, once; null when there is none (or it was taken). */
export function takePendingTicket(): string | null {
  const ticket = pendingTicket;
  pendingTicket = null;
  return ticket;
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
  /** An operator's read-only view of the member's site (console "View as player"). */
  viewOnly: boolean;
}

let flags: SessionFlags = { token: null, account: null, isAgent: false, isTrial: false, viewOnly: false };

function readFlags(): SessionFlags {
  const next: SessionFlags = {
    token: getToken(),
    account: getAccountName(),
    isAgent: readStorage('session', STORAGE_KEYS.isAgent) === 'true',
    isTrial: readStorage('session', STORAGE_KEYS.isTrial) === 'true',
    viewOnly: readStorage('session', STORAGE_KEYS.viewOnly) === 'true',
  };
  const same =
    next.token === flags.token &&
    next.account === flags.account &&
    next.isAgent === flags.isAgent &&
    next.isTrial === flags.isTrial &&
    next.viewOnly === flags.viewOnly;
  if (!same) flags = next;
  return flags;
}

/** Session state (spec §3): isLogin is `token !== null`; agent and trial flags from the member type. */
export function useSession(): SessionFlags {
  return useSyncExternalStore(subscribe, readFlags, readFlags);
}
