import {
  type BaccaratRound as BaccaratReply,
  type DiceRound as DiceReply,
  minorToDecimal,
  type PlinkoRound as PlinkoReply,
  type SlotRound as SlotReply,
} from '@aurum/contract';
import {
  BACCARAT_BETS,
  type BaccaratStakes,
  type Card,
  DICE_MAX_CHANCE,
  DICE_MIN_CHANCE,
  dealRound,
  diceChance,
  diceRound,
  evaluateWindow,
  fairWords,
  type PlinkoRisk,
  type PlinkoRows,
  playRound,
  plinkoRound,
  SLOT_FREE_SPIN_MULTIPLIER,
  type SlotSpin,
  settle as settleBaccarat,
  type WordSource,
  windowAt,
} from '@aurum/games';
import { AppError } from '../../platform/errors.ts';
import { MAX_DETAIL_BYTES } from '../vendor/index.ts';

/**
 * The four engines as the in-house vendor plays them: a request's parsed stakes and a word
 * source in, the money of the round (what settle moves) and its detail out. The detail is the
 * reply the page gets without orderNo and balance (the round's order number and the balance
 * after it, which the wallet answers), so the platform's recall can show exactly what was
 * dealt or spun; docs/inhouse-games.md documents each shape.
 */

/** A played round: the stake taken, everything paid back (stake included) and its record. */
export interface PlayedRound<D> {
  betMinor: bigint;
  winMinor: bigint;
  detail: D;
}

/** Recorded details: a reply without its orderNo and balance, which the wallet answers. */
export type SlotDetail = Omit<SlotReply, 'orderNo' | 'balance'>;
export type BaccaratDetail = Omit<BaccaratReply, 'orderNo' | 'balance'>;
/** The fair state after the bet is not part of the record: it is the player's, not the round's. */
export type DiceDetail = Omit<DiceReply, 'orderNo' | 'balance' | 'fair'>;
export type PlinkoDetail = Omit<PlinkoReply, 'orderNo' | 'balance' | 'fair'>;

/**
 * A slot round's record when spelt out in full it would pass the protocol's detail limit (a
 * round of many free spins; the maths caps them at 500): only what the rest follows from.
 */
export interface CompactSlotDetail {
  compact: true;
  stake: string;
  totalWin: string;
  /** Each spin's reel stops and whether it was a free spin: windows and wins follow from them. */
  spins: { stops: number[]; free: boolean }[];
}

/** The seed pair and nonce a provably-fair round draws from. */
export interface FairDraw {
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
}

const money = minorToDecimal;
const SUITS = ['S', 'H', 'D', 'C'] as const;

function spinOf(spin: SlotSpin, free: boolean): SlotDetail['spins'][number] {
  return {
    stops: spin.stops,
    window: spin.window,
    lineWins: spin.lineWins.map((w) => ({
      line: w.line,
      symbol: w.symbol,
      count: w.count,
      positions: w.positions.map(([reel, row]) => [reel, row] as [number, number]),
      win: money(w.payoutMinor),
    })),
    scatterWin: money(spin.scatter?.payoutMinor ?? 0n),
    freeSpinsAwarded: spin.freeSpinsAwarded,
    multiplier: spin.multiplier,
    win: money(spin.winMinor),
    free,
  };
}

/** A paid slot spin and every free spin it triggers. */
export function playSlot(stakeMinor: bigint, words: WordSource): PlayedRound<SlotDetail> {
  const round = playRound(stakeMinor, words);
  return {
    betMinor: stakeMinor,
    winMinor: round.totalWinMinor,
    detail: {
      stake: money(stakeMinor),
      spins: [spinOf(round.base, false), ...round.freeSpins.map((s) => spinOf(s, true))],
      totalWin: money(round.totalWinMinor),
    },
  };
}

/**
 * The record a slot round is stored with: in full, or, when that would pass the protocol's
 * limit, only each spin's stops (expandSlotDetail rebuilds the rest with the maths package).
 */
export function slotRecord(detail: SlotDetail): SlotDetail | CompactSlotDetail {
  if (Buffer.byteLength(JSON.stringify(detail)) <= MAX_DETAIL_BYTES) return detail;
  return {
    compact: true,
    stake: detail.stake,
    totalWin: detail.totalWin,
    spins: detail.spins.map((s) => ({ stops: s.stops, free: s.free })),
  };
}

const isCompact = (detail: unknown): detail is CompactSlotDetail =>
  typeof detail === 'object' && detail !== null && (detail as { compact?: unknown }).compact === true;

/** A stored slot record in full: a compact one is re-evaluated from its stops. */
export function expandSlotDetail(detail: SlotDetail | CompactSlotDetail, stakeMinor: bigint): SlotDetail {
  if (!isCompact(detail)) return detail;
  return {
    stake: detail.stake,
    totalWin: detail.totalWin,
    spins: detail.spins.map(({ stops, free }) => {
      const window = windowAt(stops);
      const evaluated = evaluateWindow(window, stakeMinor, free ? SLOT_FREE_SPIN_MULTIPLIER : 1);
      return spinOf({ stops, window, ...evaluated }, free);
    }),
  };
}

/** Baccarat: one freshly shuffled shoe per round; every placed bet settles on it. */
export function playBaccarat(stakes: BaccaratStakes, words: WordSource): PlayedRound<BaccaratDetail> {
  const round = dealRound(words);
  const payouts = settleBaccarat(stakes, round);
  const bets: BaccaratDetail['bets'] = [];
  let betMinor = 0n;
  let winMinor = 0n;
  for (const bet of BACCARAT_BETS) {
    const stake = stakes[bet];
    if (stake === undefined) continue;
    const payout = payouts[bet] ?? 0n;
    betMinor += stake;
    winMinor += payout;
    bets.push({ bet, stake: money(stake), payout: money(payout) });
  }
  const card = (c: Card) => ({ rank: c.rank, suit: SUITS[c.suit]! });
  return {
    betMinor,
    winMinor,
    detail: {
      player: round.player.map(card),
      banker: round.banker.map(card),
      playerTotal: round.playerTotal,
      bankerTotal: round.bankerTotal,
      outcome: round.outcome,
      playerPair: round.playerPair,
      bankerPair: round.bankerPair,
      bets,
      stake: money(betMinor),
      totalWin: money(winMinor),
    },
  };
}

const fairOf = (draw: FairDraw) => ({
  serverSeedHash: draw.serverSeedHash,
  clientSeed: draw.clientSeed,
  nonce: draw.nonce,
});

/**
 * Refuses a dice bet whose chance is outside the maths' limits (0.01 %–98 %), before a nonce is
 * spent on it.
 */
export function checkDiceBet(target: number, direction: 'over' | 'under'): void {
  const chance = diceChance(target, direction);
  if (chance >= DICE_MIN_CHANCE && chance <= DICE_MAX_CHANCE) return;
  throw new AppError('request.invalid', undefined, {
    target: `the chance to win must be ${DICE_MIN_CHANCE / 100} %–${DICE_MAX_CHANCE / 100} %`,
  });
}

/** Dice from the player's seed pair and nonce: anyone can recompute it once the seed is revealed. */
export function playDice(
  bet: { stakeMinor: bigint; target: number; direction: 'over' | 'under' },
  draw: FairDraw,
): PlayedRound<DiceDetail> {
  const round = diceRound(bet, fairWords(draw.serverSeed, draw.clientSeed, draw.nonce));
  return {
    betMinor: bet.stakeMinor,
    winMinor: round.payoutMinor,
    detail: {
      roll: round.roll,
      target: bet.target,
      direction: bet.direction,
      multiplier: round.multiplier,
      win: round.win,
      stake: money(bet.stakeMinor),
      totalWin: money(round.payoutMinor),
      ...fairOf(draw),
    },
  };
}

/** Plinko from the player's seed pair and nonce, one fair bit per row. */
export function playPlinko(
  bet: { stakeMinor: bigint; rows: PlinkoRows; risk: PlinkoRisk },
  draw: FairDraw,
): PlayedRound<PlinkoDetail> {
  const round = plinkoRound(bet, fairWords(draw.serverSeed, draw.clientSeed, draw.nonce));
  return {
    betMinor: bet.stakeMinor,
    winMinor: round.payoutMinor,
    detail: {
      rows: bet.rows,
      risk: bet.risk,
      path: round.path.map((step) => (step === 'R' ? 1 : 0)),
      bucket: round.bucket,
      multiplier: round.multiplier,
      stake: money(bet.stakeMinor),
      totalWin: money(round.payoutMinor),
      ...fairOf(draw),
    },
  };
}
