/**
 * Pricing and settlement of one lottery ticket, exact: stakes and payouts are computed as
 * fractions of minor units and rounded down to the minor unit once, per ticket.
 */
import { add, mul, type Ratio, ratio } from '../ratio.ts';
import { type BetType, betType, type LotterySelection } from './bet-types.ts';
import { type LotteryConfig, type LotteryGame, lotteryGame, type OddsBoard } from './config.ts';
import { drawProblem, type LotteryDraw } from './layouts.ts';

/** A ticket as the member placed it. Which fields apply depends on the bet type's stake kind. */
export interface LotteryBet {
  readonly game: string;
  readonly type: string;
  readonly selection: LotterySelection;
  /** units: the unit as a divisor of the base price (1, 10 for 0.1, 100 for 0.01). */
  readonly unitDivisor?: number;
  /** units: the multiplier (1 when omitted). */
  readonly multiplier?: number;
  /** prizeGroup types: the group the bet is placed at (the merchant default when omitted). */
  readonly prizeGroup?: number;
  /** prizeGroup types: the member's own group, which earns the rebate (the bet's group when omitted). */
  readonly memberGroup?: number;
  /** amount: the amount per bet, minor units. */
  readonly amountMinor?: bigint;
  /** odds types: the board the bet was placed on and the version it saw. */
  readonly board?: string;
  readonly boardVersion?: number;
  /** points: the points per bet. */
  readonly points?: number;
}

export interface LotteryQuote {
  readonly game: LotteryGame;
  readonly type: BetType;
  /** The number of bets the selection makes. */
  readonly bets: number;
  readonly stakeMinor: bigint;
  /** The prize-group rebate the stake earns: stake × (member group − bet group) / 2000, rounded down. */
  readonly rebateMinor: bigint;
  /** What one winning bet pays at each price key, exact minor units. */
  readonly prices: ReadonlyMap<string, Ratio>;
}

export type LotteryOutcome = 'won' | 'lost' | 'push';

export interface LotterySettlement {
  readonly outcome: LotteryOutcome;
  readonly stakeMinor: bigint;
  /** What the ticket returns: the prize rounded down to the minor unit, the stake on a push, else 0. */
  readonly payoutMinor: bigint;
  /** The prize before rounding, minor units (0.195 shown for a 0.19 payout). */
  readonly prizeExact: Ratio;
  /** Winning bets (hits) over all price keys. */
  readonly hits: number;
  readonly rebateMinor: bigint;
}

/** What a ticket was priced at when placed: it settles at these, whatever the board says since. */
export interface PlacedPrice {
  readonly stakeMinor: bigint;
  readonly rebateMinor: bigint;
  readonly prices: ReadonlyMap<string, Ratio>;
}

/** A quote's price as text to keep with the ticket: `{ stake, rebate, prices: { key: "num/den" } }`. */
export function placedPriceText(quote: LotteryQuote): string {
  return JSON.stringify({
    stake: String(quote.stakeMinor),
    rebate: String(quote.rebateMinor),
    prices: Object.fromEntries([...quote.prices].map(([k, r]) => [k, `${r.num}/${r.den}`])),
  });
}

/** The price kept by placedPriceText. */
export function placedPriceOf(kept: {
  stake: string;
  rebate: string;
  prices: Record<string, string>;
}): PlacedPrice {
  return {
    stakeMinor: BigInt(kept.stake),
    rebateMinor: BigInt(kept.rebate),
    prices: new Map(
      Object.entries(kept.prices).map(([k, text]) => {
        const [num, den] = text.split('/') as [string, string];
        return [k, { num: BigInt(num), den: BigInt(den) }];
      }),
    ),
  };
}

/** A bet the engine refuses, with a message fit to show the member. */
export class LotteryBetError extends Error {
  override name = 'LotteryBetError';
}

const refuse = (message: string): never => {
  throw new LotteryBetError(message);
};

/** floor(a) for a non-negative fraction. */
const floor = (r: Ratio) => r.num / r.den;

/** The odds board a bet names, refusing an unknown board or one that changed since the bet saw it. */
function boardOf(config: LotteryConfig, bet: LotteryBet): OddsBoard {
  const board = config.oddsBoards.find((b) => b.code === (bet.board ?? config.oddsBoards[0]!.code));
  if (!board) return refuse(`unknown odds board ${bet.board}`);
  if (bet.boardVersion !== undefined && bet.boardVersion !== board.version)
    refuse(`the ${board.code} odds changed (version ${board.version}); place the bet again`);
  return board;
}

/**
 * Checks a bet against the game, the bet type and the configuration and prices it: its bets,
 * stake, rebate and what a winning bet pays per price key. Throws LotteryBetError on a bet the
 * engine refuses (selection outside the grid, unknown unit, stake over the limit, …).
 * `placing` false (settlement) skips the merchant's limits (multiplier, prize-group range, stake
 * per bet): a ticket accepted under them settles even after the merchant changes them.
 */
export function quoteBet(config: LotteryConfig, bet: LotteryBet, placing = true): LotteryQuote {
  const game = lotteryGame(config, bet.game) ?? refuse(`unknown game ${bet.game}`);
  const type = betType(bet.type) ?? refuse(`unknown bet type ${bet.type}`);
  if (type.family !== game.family || (type.layouts && !type.layouts.includes(game.layout!)))
    refuse(`${game.code} does not offer ${type.code}`);
  const problem = type.problem(bet.selection);
  if (problem) refuse(problem);
  const bets = type.count(bet.selection);
  if (bets < 1) refuse('the selection makes no bet');

  const prices = new Map<string, Ratio>();
  let stakeMinor: bigint;
  let rebateMinor = 0n;
  if (type.stake === 'units') {
    const unit = bet.unitDivisor ?? 1;
    if (!config.unitDivisors.includes(unit)) refuse('the unit is 1, 0.1 or 0.01');
    const multiplier = bet.multiplier ?? 1;
    if (
      !Number.isSafeInteger(multiplier) ||
      multiplier < 1 ||
      (placing && multiplier > config.limits.maxMultiplier)
    )
      refuse(`the multiplier is a whole number from 1 to ${config.limits.maxMultiplier}`);
    const perBet = ratio(config.basePriceMinor * BigInt(multiplier), BigInt(unit)); // whole: checked at parse
    stakeMinor = floor(perBet) * BigInt(bets);
    if (type.pricing === 'prizeGroup') {
      const group = bet.prizeGroup ?? config.prizeGroups.default;
      const own = bet.memberGroup ?? group;
      const { min, max } = config.prizeGroups;
      if (!Number.isInteger(own) || (placing && (own < min || own > max)))
        refuse(`the member's prize group is ${min} to ${max}`);
      if (!Number.isInteger(group) || group > own || group >= 2000 || (placing && group < min))
        refuse(`the bet's prize group is ${min} to the member's ${own}`);
      // A bet at group g pays base × g/2000 ÷ chance: every prize-group bet returns g/2000.
      prices.set(
        'win',
        mul(perBet, mul(ratio(BigInt(group), 2000n), ratio(type.chance!.den, type.chance!.num))),
      );
      rebateMinor = (stakeMinor * BigInt(own - group)) / 2000n;
    } else {
      const table = config.fixedTables.get(type.code)!;
      const scale = ratio(perBet.num, perBet.den * config.basePriceMinor);
      const minorPerUnit = ratio(10n ** BigInt(config.currencyDecimals));
      for (const [key, prize] of table) prices.set(key, mul(mul(prize, minorPerUnit), scale));
    }
  } else if (type.stake === 'amount') {
    const amount = bet.amountMinor;
    if (typeof amount !== 'bigint' || amount <= 0n) refuse('enter an amount above zero');
    stakeMinor = amount! * BigInt(bets);
    const table =
      type.pricing === 'odds'
        ? boardOf(config, bet).odds.get(type.code)!
        : config.fixedTables.get(type.code)!;
    for (const [key, multiple] of table) prices.set(key, mul(ratio(amount!), multiple));
  } else {
    const points = bet.points;
    if (!Number.isSafeInteger(points) || points! < 1) refuse('enter whole points above zero');
    const p = config.points.get(type.code)!.get(game.layout!)!;
    stakeMinor = p.priceMinor * BigInt(points!) * BigInt(bets);
    prices.set('hit', ratio(p.payMinor * BigInt(points!)));
  }
  if (placing && stakeMinor > config.limits.maxStakePerBetMinor)
    refuse('the stake is over the limit per bet');
  return { game, type, bets, stakeMinor, rebateMinor, prices };
}

/** The price of key `key` in a quote, falling back to the `*` price. */
function priceAt(quote: LotteryQuote, key: string): Ratio {
  const price = quote.prices.get(key) ?? quote.prices.get('*');
  if (!price) throw new RangeError(`${quote.type.code} has no price for ${key}`);
  return price;
}

/**
 * Settles a ticket on its issue's draw: won (the prize, rounded down to the minor unit), lost
 * (0) or push (the stake back). Deterministic: the same ticket and draw always settle alike.
 * `placed`: the price the ticket was placed at (its odds-board version, its stake), used
 * instead of today's configuration, which may have changed since.
 */
export function settleBet(
  config: LotteryConfig,
  bet: LotteryBet,
  draw: LotteryDraw,
  placed?: PlacedPrice,
): LotterySettlement {
  const quote: LotteryQuote = placed ? placedQuote(config, bet, placed) : quoteBet(config, bet, false);
  const problem = drawProblem(draw);
  if (problem) throw new RangeError(`malformed draw: ${problem}`);
  if (draw.family !== quote.game.family || (draw.family === 'vn' && draw.layout !== quote.game.layout))
    throw new RangeError(`a ${quote.game.code} ticket cannot settle on a ${draw.family} draw`);
  const evaluation = quote.type.evaluate(bet.selection, draw, config.pushRules);
  const { stakeMinor, rebateMinor } = quote;
  if (evaluation.push)
    return {
      outcome: 'push',
      stakeMinor,
      payoutMinor: stakeMinor,
      prizeExact: ratio(0n),
      hits: 0,
      rebateMinor,
    };
  let prize = ratio(0n);
  let hits = 0;
  for (const [key, count] of Object.entries(evaluation.wins)) {
    prize = add(prize, mul(priceAt(quote, key), ratio(BigInt(count))));
    hits += count;
  }
  return {
    outcome: hits > 0 ? 'won' : 'lost',
    stakeMinor,
    payoutMinor: floor(prize),
    prizeExact: prize,
    hits,
    rebateMinor,
  };
}

/** A quote from a kept price: the game and bet type from today's configuration, the money as placed. */
function placedQuote(config: LotteryConfig, bet: LotteryBet, placed: PlacedPrice): LotteryQuote {
  const game = lotteryGame(config, bet.game) ?? refuse(`unknown game ${bet.game}`);
  const type = betType(bet.type) ?? refuse(`unknown bet type ${bet.type}`);
  return { game, type, bets: type.count(bet.selection), ...placed };
}
