/**
 * The lottery's kinds of settlement vectors (docs/vectors.md): `lottery.settle` settles a bet on
 * a given draw with the real engine and compares what it returns; `lottery.draw` derives an
 * issue's draw from a seed and compares the numbers. `npm run vectors` dispatches here by kind.
 */
import { type Ratio, ratio, sub } from '../ratio.ts';
import type { LotterySelection } from './bet-types.ts';
import {
  formatExactMinor,
  formatMinor,
  type LotteryConfig,
  lotteryGame,
  parseDecimal,
  toMinor,
} from './config.ts';
import { drawIssue } from './draw.ts';
import type { LotteryDraw, Zodiac } from './layouts.ts';
import { type LotteryBet, LotteryBetError, settleBet } from './settle.ts';

/** A vector's verdict: the mismatches found (none when it passes). */
export interface VectorVerdict {
  readonly mismatches: string[];
}

type Json = Record<string, unknown>;

const asObject = (v: unknown, what: string): Json => {
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw new Error(`${what} must be an object`);
  return v as Json;
};

/** The draw a vector writes by hand, completed with its game's family, layout and LHC year. */
function drawOf(config: LotteryConfig, gameCode: string, raw: unknown): LotteryDraw {
  const game = lotteryGame(config, gameCode);
  if (!game) throw new Error(`unknown game ${gameCode}`);
  const d = asObject(raw, 'draw');
  switch (game.family) {
    case 'vn':
      return { family: 'vn', layout: game.layout!, tiers: d.tiers as string[][] };
    case '4d':
      return { family: '4d', tiers: d.tiers as string[][] };
    case 'lhc':
      return {
        family: 'lhc',
        balls: d.balls as number[],
        special: d.special as number,
        year: d.year as Zodiac,
      };
    default:
      return { family: game.family, balls: d.balls as number[] };
  }
}

/** An entered amount in minor units; more decimals than the currency has is a refused bet. */
function amountOf(text: string, decimals: number): bigint {
  try {
    return toMinor(text, decimals);
  } catch {
    throw new LotteryBetError(`an amount has at most ${decimals} decimals`);
  }
}

const UNIT_DIVISORS: Record<string, number> = { '1': 1, '0.1': 10, '0.01': 100 };

/** A vector's bet (amounts as decimal strings in currency units) as the engine takes it. */
function betOf(config: LotteryConfig, gameCode: string, raw: unknown): LotteryBet {
  const b = asObject(raw, 'bet');
  const unit = b.unit === undefined ? undefined : UNIT_DIVISORS[String(b.unit)];
  if (b.unit !== undefined && unit === undefined) throw new Error(`unit ${b.unit} is not 1, 0.1 or 0.01`);
  return {
    game: gameCode,
    type: String(b.type),
    selection: asObject(b.selection ?? {}, 'selection') as LotterySelection,
    ...(unit ? { unitDivisor: unit } : {}),
    ...(b.multiplier !== undefined ? { multiplier: b.multiplier as number } : {}),
    ...(b.prizeGroup !== undefined ? { prizeGroup: b.prizeGroup as number } : {}),
    ...(b.memberGroup !== undefined ? { memberGroup: b.memberGroup as number } : {}),
    ...(b.amount !== undefined ? { amountMinor: amountOf(String(b.amount), config.currencyDecimals) } : {}),
    ...(b.board !== undefined ? { board: String(b.board) } : {}),
    ...(b.points !== undefined ? { points: b.points as number } : {}),
  };
}

const sameAmount = (expected: string, actual: Ratio) => {
  const diff = sub(parseDecimal(expected), actual);
  return diff.num === 0n;
};

/**
 * Runs a `lottery.settle` vector: { game, draw, bet, expect: { outcome, stake?, payout, prize?,
 * hits?, rebate? } } or, for a bet the engine must refuse, expect: { refused: "message part" }.
 */
export function runLotterySettleVector(config: LotteryConfig, vector: Json): VectorVerdict {
  const game = String(vector.game);
  const expect = asObject(vector.expect, 'expect');
  const mismatches: string[] = [];
  const d = config.currencyDecimals;
  const minor = (m: bigint) => ratio(m, 10n ** BigInt(d));
  let result: ReturnType<typeof settleBet>;
  try {
    result = settleBet(config, betOf(config, game, vector.bet), drawOf(config, game, vector.draw));
  } catch (error) {
    if (!(error instanceof LotteryBetError)) throw error;
    if (typeof expect.refused === 'string' && error.message.includes(expect.refused)) return { mismatches };
    return { mismatches: [`refused: ${error.message}`] };
  }
  if (expect.refused !== undefined)
    return { mismatches: [`expected refused (${expect.refused}), got ${result.outcome}`] };
  if (expect.outcome !== result.outcome) mismatches.push(`outcome ${expect.outcome} ≠ ${result.outcome}`);
  const amounts: [string, bigint][] = [
    ['stake', result.stakeMinor],
    ['payout', result.payoutMinor],
    ['rebate', result.rebateMinor],
  ];
  for (const [field, actual] of amounts)
    if (expect[field] !== undefined && !sameAmount(String(expect[field]), minor(actual)))
      mismatches.push(`${field} ${expect[field]} ≠ ${formatMinor(actual, d)}`);
  if (expect.prize !== undefined) {
    const prize = ratio(result.prizeExact.num, result.prizeExact.den * 10n ** BigInt(d));
    if (!sameAmount(String(expect.prize), prize))
      mismatches.push(`prize ${expect.prize} ≠ ${formatExactMinor(result.prizeExact, d)}`);
  }
  if (expect.hits !== undefined && expect.hits !== result.hits)
    mismatches.push(`hits ${expect.hits} ≠ ${result.hits}`);
  return { mismatches };
}

/** Runs a `lottery.draw` vector: { game, seed, issue, year?, expect: { draw } }. */
export function runLotteryDrawVector(config: LotteryConfig, vector: Json): VectorVerdict {
  const game = lotteryGame(config, String(vector.game));
  if (!game) throw new Error(`unknown game ${vector.game}`);
  const draw = drawIssue(
    { family: game.family, ...(game.layout ? { layout: game.layout } : {}), year: vector.year as Zodiac },
    String(vector.seed),
    String(vector.issue),
  );
  const expected = drawOf(config, game.code, asObject(vector.expect, 'expect').draw);
  const same = JSON.stringify(draw) === JSON.stringify(expected);
  return { mismatches: same ? [] : [`draw ${JSON.stringify(expected)} ≠ ${JSON.stringify(draw)}`] };
}
