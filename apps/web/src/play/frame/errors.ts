/**
 * Failed calls as the player should read them. The page reacts to the error code only (never
 * the server's message): out of money → where to get more, an ended session → relaunch from
 * the lobby, the rest → try again.
 */
import type { PlaySession } from '@aurum/contract';
import { errorCodeOf } from '../../lib/api/api-error';
import { paths } from '../../lib/routes/paths';
import type { PlayTexts } from '../texts';

export interface ToastSpec {
  tone: 'error' | 'info';
  message: string;
  /** A link that resolves the problem (the site's deposit, the lobby). */
  action?: { label: string; href: string; newTab: boolean };
}

/** The balance cannot cover the bet (the protocol's INSUFFICIENT_FUNDS). */
export const INSUFFICIENT_CODES: readonly string[] = [
  'play.balance.not.enough',
  'launch_game_balance_not_enough',
];
/** The play session is gone: expired, ended, or unknown to the server. */
export const SESSION_CODES: readonly string[] = ['play.session.expired', 'play.session.invalid'];

export function toastForError(error: unknown, texts: PlayTexts, mode: PlaySession['mode']): ToastSpec {
  const code = errorCodeOf(error) ?? '';
  const lobby = { label: texts.errors.relaunch, href: paths.inHouse, newTab: false };
  if (INSUFFICIENT_CODES.includes(code)) {
    return mode === 'play'
      ? { tone: 'error', message: texts.errors.insufficientPlay, action: lobby }
      : {
          tone: 'error',
          message: texts.errors.insufficient,
          action: { label: texts.errors.deposit, href: paths.home, newTab: true },
        };
  }
  if (SESSION_CODES.includes(code)) return { tone: 'error', message: texts.errors.expired, action: lobby };
  if (code === 'play.game.closed') return { tone: 'error', message: texts.errors.closed, action: lobby };
  if (code === 'network.abnormal') return { tone: 'error', message: texts.errors.network };
  if (code === 'validation.failed' || code.startsWith('play.stake'))
    return { tone: 'error', message: texts.errors.stake };
  return { tone: 'error', message: texts.errors.generic };
}
