import { PLAY_SESSION_HEADER } from '@aurum/contract';
import type { WordSource } from '@aurum/games';
import { queryRows } from '../../platform/sql.ts';
import { DEMO_MERCHANT, type TestApp } from '../../testing/app.ts';

/**
 * Helpers of the in-house game server's tests: launching a game as the lobby would, calling
 * the play API as a game page does, and reading back the round the platform recorded.
 */

/** A game of the demo catalogue, as a launch names it. */
export interface PlayGame {
  vassalage: string;
  gameCode: string;
}
/** The demo's in-house games (config/games.json). */
export const SLOT: PlayGame = { vassalage: 'AURX', gameCode: 'dynasty' };
export const DICE: PlayGame = { vassalage: 'AURX', gameCode: 'dice' };
export const PLINKO: PlayGame = { vassalage: 'AURX', gameCode: 'plinko' };
export const BACCARAT: PlayGame = { vassalage: 'AURL', gameCode: 'baccarat' };

/** A launch token for the member, as the games module issues it when the lobby launches a game. */
export function launch(t: TestApp, memberId: number, game: PlayGame, mode: 'real' | 'play' = 'real') {
  return t.app.vendors.issueLaunchToken({
    merchant: DEMO_MERCHANT,
    memberId,
    vassalage: game.vassalage,
    gameCode: game.gameCode,
    mode,
    language: 'EN',
  });
}

/** Calls the play API as a game page does (Merchant header, X-Play-Session when given). */
export function playCall(
  t: TestApp,
  method: 'GET' | 'POST',
  url: string,
  sessionId?: string,
  payload?: unknown,
) {
  return t.app.inject({
    method,
    url,
    headers: {
      merchant: DEMO_MERCHANT,
      ...(sessionId === undefined ? {} : { [PLAY_SESSION_HEADER]: sessionId }),
    },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** Opens a play session from a fresh launch token; answers the session reply's value. */
export async function openSession(
  t: TestApp,
  memberId: number,
  game: PlayGame,
  mode: 'real' | 'play' = 'real',
) {
  const token = await launch(t, memberId, game, mode);
  const res = await playCall(t, 'POST', '/play/api/session', undefined, { token });
  if (res.statusCode !== 200) throw new Error(`session failed: ${res.body}`);
  return res.json().value as {
    sessionId: string;
    mode: string;
    balance: string;
    fair: { serverSeedHash: string; clientSeed: string; nonce: number } | null;
    [key: string]: unknown;
  };
}

/** A game_rounds row as the tests read it (numbers as text). */
export interface RecordedRound {
  round_id: string;
  order_no: string;
  member_id: string;
  game_code: string;
  mode: string;
  status: string;
  bet_minor: string;
  win_minor: string;
  balance_before_minor: string;
  balance_after_minor: string;
  detail: Record<string, unknown>;
  fair: Record<string, unknown> | null;
}

/** The member's rounds as the platform recorded them, oldest first. */
export async function roundsOf(t: TestApp, memberId: number): Promise<RecordedRound[]> {
  return queryRows<RecordedRound>(
    t.db.database.db,
    `SELECT round_id, order_no, member_id::text, game_code, mode, status, bet_minor::text, win_minor::text,
       balance_before_minor::text, balance_after_minor::text, detail, fair
     FROM game_rounds WHERE merchant = $1 AND member_id = $2 ORDER BY id`,
    [DEMO_MERCHANT, memberId],
  );
}

/** A reproducible word source (mulberry32): the same seed gives the same outcomes. */
export function seededWords(seed: number): WordSource {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

/**
 * A word source tests can point at a known sequence for the next round; the CSPRNG-like
 * default is any seeded stream.
 */
export class SwitchableWords {
  private current: WordSource = seededWords(1);

  readonly source: WordSource = () => this.current();

  use(words: WordSource): void {
    this.current = words;
  }
}
