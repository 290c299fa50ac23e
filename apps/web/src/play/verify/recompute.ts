/**
 * The verifier's recomputation, in the browser with the same maths package the server uses:
 * the server seed's hash (the commitment shown before play), the HMAC blocks the round read,
 * every word it took (and whether the unbiased mapping kept it), and the outcome.
 */
import {
  DICE_OUTCOMES,
  type DiceDirection,
  diceRound,
  fairBlock,
  fairWords,
  type PlinkoRisk,
  type PlinkoRows,
  plinkoRound,
  serverSeedHash,
  uniformInt,
} from '@aurum/games';
import type { VerifyGame } from '../../lib/games/verify-link';

export interface VerifyInput {
  game: VerifyGame;
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  target: number;
  direction: DiceDirection;
  rows: PlinkoRows;
  risk: PlinkoRisk;
}

export interface WordUse {
  value: number;
  /** False when the word fell in the top slice that would bias the range and was skipped. */
  kept: boolean;
}

export type Outcome =
  | { game: 'dice'; roll: number; win: boolean; chance: number; multiplier: number }
  | { game: 'plinko'; path: Array<'L' | 'R'>; bucket: number; multiplier: number };

export interface Recomputed {
  hash: string;
  blocks: Array<{ cursor: number; message: string; digest: string }>;
  words: WordUse[];
  outcome: Outcome;
}

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** Whether uniformInt(n) keeps `word` (it takes the word) or draws another (it asks again). */
export function keeps(n: number, word: number): boolean {
  let asked = 0;
  try {
    uniformInt(n, () => {
      asked++;
      if (asked > 1) throw new Error('asked again');
      return word;
    });
    return true;
  } catch {
    return false;
  }
}

/** Recomputes a round; throws RangeError for inputs the maths refuses (the form says which). */
export function recompute(input: VerifyInput): Recomputed {
  const source = fairWords(input.serverSeed, input.clientSeed, input.nonce);
  const taken: number[] = [];
  const words = () => {
    const w = source();
    taken.push(w);
    return w;
  };
  let outcome: Outcome;
  let range: number;
  if (input.game === 'dice') {
    const r = diceRound({ stakeMinor: 1n, target: input.target, direction: input.direction }, words);
    outcome = { game: 'dice', roll: r.roll, win: r.win, chance: r.chance, multiplier: r.multiplier };
    range = DICE_OUTCOMES;
  } else {
    const r = plinkoRound({ stakeMinor: 1n, rows: input.rows, risk: input.risk }, words);
    outcome = { game: 'plinko', path: r.path, bucket: r.bucket, multiplier: r.multiplier };
    range = 2;
  }
  const blockCount = Math.ceil(taken.length / 8);
  const blocks = Array.from({ length: blockCount }, (_, cursor) => ({
    cursor,
    message: `${input.clientSeed}:${input.nonce}:${cursor}`,
    digest: hex(fairBlock(input.serverSeed, input.clientSeed, input.nonce, cursor)),
  }));
  return {
    hash: serverSeedHash(input.serverSeed),
    blocks,
    words: taken.map((value) => ({ value, kept: keeps(range, value) })),
    outcome,
  };
}
