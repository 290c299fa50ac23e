import type { BaccaratRound, DiceRound, InhouseEngine, PlinkoRound, SlotRound } from '@aurum/contract';
import { PLINKO_ROWS, type PlinkoRows } from '@aurum/games';
import { verifyHref } from '../../../../lib/games/verify-link';

export type SlotSpin = SlotRound['spins'][number];
export type DiceDetail = Pick<DiceRound, 'roll' | 'target' | 'direction' | 'multiplier' | 'win'>;
/** rows is one of the boards (8, 12, 16): readRoundDetail checks it. */
export type PlinkoDetail = Pick<PlinkoRound, 'risk' | 'path' | 'bucket' | 'multiplier'> & {
  rows: PlinkoRows;
};
export type BaccaratDetail = Pick<
  BaccaratRound,
  'player' | 'banker' | 'playerTotal' | 'bankerTotal' | 'outcome' | 'playerPair' | 'bankerPair' | 'bets'
>;

/** A round's `detail` read as its engine's round (contract schemas/play.ts), or nothing readable. */
export type RoundDetail =
  | { engine: 'slot'; spins: SlotSpin[] }
  /** A round of so many free spins that the vendor recorded only its stops (docs/inhouse-games.md). */
  | { engine: 'slot'; compact: { freeSpins: number; totalWin: string } }
  | { engine: 'baccarat'; round: BaccaratDetail }
  | { engine: 'dice'; round: DiceDetail }
  | { engine: 'plinko'; round: PlinkoDetail };

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const isInt = (v: unknown): v is number => Number.isInteger(v);
const isText = (v: unknown): v is string => typeof v === 'string';
const every = <T>(v: unknown, check: (x: unknown) => x is T): v is T[] => Array.isArray(v) && v.every(check);

const isSpin = (v: unknown): v is SlotSpin =>
  isObject(v) &&
  Array.isArray(v.window) &&
  v.window.every((reel) => every(reel, isText)) &&
  Array.isArray(v.lineWins) &&
  v.lineWins.every(
    (w) =>
      isObject(w) &&
      isInt(w.line) &&
      isText(w.symbol) &&
      isInt(w.count) &&
      isText(w.win) &&
      Array.isArray(w.positions) &&
      w.positions.every((p) => Array.isArray(p) && p.length === 2 && p.every(isInt)),
  ) &&
  isText(v.win) &&
  isText(v.scatterWin) &&
  isInt(v.freeSpinsAwarded) &&
  isInt(v.multiplier) &&
  typeof v.free === 'boolean';

const isCard = (v: unknown) =>
  isObject(v) &&
  isInt(v.rank) &&
  v.rank >= 1 &&
  v.rank <= 13 &&
  ['S', 'H', 'D', 'C'].includes(v.suit as string);

const isBaccarat = (v: Json): boolean =>
  Array.isArray(v.player) &&
  v.player.every(isCard) &&
  Array.isArray(v.banker) &&
  v.banker.every(isCard) &&
  isInt(v.playerTotal) &&
  isInt(v.bankerTotal) &&
  ['player', 'banker', 'tie'].includes(v.outcome as string) &&
  typeof v.playerPair === 'boolean' &&
  typeof v.bankerPair === 'boolean' &&
  Array.isArray(v.bets) &&
  v.bets.every((b) => isObject(b) && isText(b.bet) && isText(b.stake) && isText(b.payout));

const isDice = (v: Json): boolean =>
  isInt(v.roll) &&
  isInt(v.target) &&
  (v.direction === 'over' || v.direction === 'under') &&
  isInt(v.multiplier) &&
  typeof v.win === 'boolean';

const isPlinko = (v: Json): boolean =>
  (PLINKO_ROWS as readonly unknown[]).includes(v.rows) &&
  ['low', 'medium', 'high'].includes(v.risk as string) &&
  every(v.path, isInt) &&
  isInt(v.bucket) &&
  isInt(v.multiplier);

function readCompactSlot(v: Json): RoundDetail | null {
  if (!Array.isArray(v.spins) || !isText(v.totalWin)) return null;
  const freeSpins = v.spins.filter((s) => isObject(s) && s.free === true).length;
  return { engine: 'slot', compact: { freeSpins, totalWin: v.totalWin } };
}

/**
 * Reads the vendor's `detail` of a round by its engine. The browser does not ship the contract's
 * zod schemas, so the shapes are checked here field by field; anything else is not shown rather
 * than shown wrong.
 */
export function readRoundDetail(engine: InhouseEngine | null, detail: unknown): RoundDetail | null {
  if (!engine || !isObject(detail)) return null;
  switch (engine) {
    case 'slot':
      if (detail.compact === true) return readCompactSlot(detail);
      return every(detail.spins, isSpin) && detail.spins.length > 0 ? { engine, spins: detail.spins } : null;
    case 'baccarat':
      return isBaccarat(detail) ? { engine, round: detail as unknown as BaccaratDetail } : null;
    case 'dice':
      return isDice(detail) ? { engine, round: detail as unknown as DiceDetail } : null;
    case 'plinko':
      return isPlinko(detail) ? { engine, round: detail as unknown as PlinkoDetail } : null;
  }
}

/** Multipliers travel scaled by 10^4 (19800 = 1.98×). */
export const multiplierText = (scaled: number) => `${Number((scaled / 10_000).toFixed(4))}×`;

/** Dice rolls and targets travel as 0..9999 and show as 0.00–99.99. */
export const diceText = (value: number) => (value / 100).toFixed(2);

/** Card ranks 1–13 as players read them. */
export const rankText = (rank: number) =>
  rank === 1 ? 'A' : rank === 11 ? 'J' : rank === 12 ? 'Q' : rank === 13 ? 'K' : String(rank);

export const SUIT_GLYPHS = { S: '♠', H: '♥', D: '♦', C: '♣' } as const;

/** The in-house engines with a provably-fair proof a verifier can check. */
export const VERIFIABLE_ENGINES = ['dice', 'plinko'] as const;
export type VerifiableEngine = (typeof VERIFIABLE_ENGINES)[number];

export const isVerifiable = (engine: InhouseEngine | null): engine is VerifiableEngine =>
  (VERIFIABLE_ENGINES as readonly (string | null)[]).includes(engine);

/**
 * The verifier page of the game pages (/play/verify) with a revealed round's seeds and nonce, and
 * the bet the round was played with (dice target and direction, plinko board) when its detail is
 * readable, so the page recomputes exactly that round.
 */
export function verifierUrl(
  game: VerifiableEngine,
  fair: { serverSeed: string; clientSeed: string; nonce: number },
  detail: RoundDetail | null,
): string {
  const base = { game, serverSeed: fair.serverSeed, clientSeed: fair.clientSeed, nonce: fair.nonce };
  if (game === 'dice' && detail?.engine === 'dice') {
    return verifyHref({ ...base, target: detail.round.target, direction: detail.round.direction });
  }
  if (game === 'plinko' && detail?.engine === 'plinko') {
    return verifyHref({ ...base, rows: detail.round.rows, risk: detail.round.risk });
  }
  return verifyHref(base);
}
