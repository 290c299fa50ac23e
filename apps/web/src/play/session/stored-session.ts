/**
 * The play session kept in sessionStorage (this tab only), so a reload carries on without the
 * launch token, which the first start used up. The answer to POST /play/api/session is kept
 * whole: the page needs the game, mode and limits again, and only the balance goes stale.
 */
import type { PlaySession } from '@aurum/contract';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../lib/storage/storage';

export function loadStoredSession(): PlaySession | null {
  const raw = readStorage('session', STORAGE_KEYS.playSession);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as PlaySession;
    return typeof value?.sessionId === 'string' && typeof value.game?.engine === 'string' ? value : null;
  } catch {
    return null;
  }
}

export function storeSession(session: PlaySession): void {
  writeStorage('session', STORAGE_KEYS.playSession, JSON.stringify(session));
}
