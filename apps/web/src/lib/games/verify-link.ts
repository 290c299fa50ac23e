/**
 * The verifier page's address: its query string carries a round's seeds, nonce and bet, so a
 * game page, the betting record's recall and a shared link can all open it prefilled.
 */
import type { DiceDirection, PlinkoRisk, PlinkoRows } from '@aurum/games';

export type VerifyGame = 'dice' | 'plinko';

export interface VerifyQuery {
  game: VerifyGame;
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  /** Dice: the target on the 0..9999 scale, and the direction. */
  target?: number;
  direction?: DiceDirection;
  /** Plinko: the board. */
  rows?: PlinkoRows;
  risk?: PlinkoRisk;
}

export const VERIFY_PATH = '/play/verify';

export function verifyHref(q: VerifyQuery): string {
  const params = new URLSearchParams({
    game: q.game,
    serverSeed: q.serverSeed,
    clientSeed: q.clientSeed,
    nonce: String(q.nonce),
  });
  if (q.target !== undefined) params.set('target', String(q.target));
  if (q.direction) params.set('direction', q.direction);
  if (q.rows !== undefined) params.set('rows', String(q.rows));
  if (q.risk) params.set('risk', q.risk);
  return `${VERIFY_PATH}?${params.toString()}`;
}

const int = (text: string | null): number | undefined =>
  text !== null && /^\d{1,15}$/.test(text) ? Number(text) : undefined;

/** The query as the form's starting values; anything missing or unreadable is left out. */
export function readVerifyQuery(search: string): Partial<VerifyQuery> {
  const q = new URLSearchParams(search);
  const game = q.get('game');
  const direction = q.get('direction');
  const rows = int(q.get('rows'));
  const risk = q.get('risk');
  return {
    ...(game === 'dice' || game === 'plinko' ? { game } : {}),
    ...(q.get('serverSeed') !== null ? { serverSeed: q.get('serverSeed') as string } : {}),
    ...(q.get('clientSeed') !== null ? { clientSeed: q.get('clientSeed') as string } : {}),
    ...(int(q.get('nonce')) !== undefined ? { nonce: int(q.get('nonce')) } : {}),
    ...(int(q.get('target')) !== undefined ? { target: int(q.get('target')) } : {}),
    ...(direction === 'over' || direction === 'under' ? { direction } : {}),
    ...(rows === 8 || rows === 12 || rows === 16 ? { rows } : {}),
    ...(risk === 'low' || risk === 'medium' || risk === 'high' ? { risk } : {}),
  };
}
