/**
 * The points mall (issue 16): points are whole numbers on a ledger of their own. Cash converts at
 * the merchant's rate (points per currency unit), valid bets earn at a ratio per category, and
 * an item costs points, or points and money, per piece, from a stock that never goes below zero.
 * A rejected redemption refunds exactly what it took.
 */
import { parseDecimal } from '../decimal.ts';
import { type Ratio, ratio } from '../ratio.ts';
import { nonNegative, refuse } from './rules.ts';

function rateOf(text: string): Ratio {
  try {
    return parseDecimal(text);
  } catch {
    return refuse(`not a rate: ${text}`);
  }
}

/** Points for `amountMinor` at `rate` points per currency unit, rounded down to whole points. */
function pointsFor(amountMinor: bigint, rate: string, currencyDecimals: number): bigint {
  nonNegative(amountMinor, 'an amount');
  const r = rateOf(rate);
  const perMinor = ratio(r.num, r.den * 10n ** BigInt(currencyDecimals));
  return (amountMinor * perMinor.num) / perMinor.den;
}

/** Cash → points at the merchant's exchange rate ("10": 100.00 gives 1,000 points). */
export const cashToPoints = pointsFor;

/** Points a valid bet earns at its category's ratio (points per currency unit of valid bet). */
export const earnPoints = pointsFor;

export interface MallItem {
  readonly pricePoints: bigint;
  /** The money part of a points + money item (0 for points only). */
  readonly priceMinor: bigint;
  readonly stock: number;
}

export interface Redemption {
  readonly pointsDebit: bigint;
  readonly moneyDebitMinor: bigint;
  readonly stockAfter: number;
}

/**
 * A redemption of `quantity` pieces: what it takes from the member's points and main wallet and
 * the stock left. Refused when the stock, the points or the money are not enough.
 */
export function redeemItem(
  item: MallItem,
  quantity: number,
  balances: { readonly points: bigint; readonly moneyMinor: bigint },
): Redemption {
  if (!Number.isInteger(quantity) || quantity < 1) refuse('the quantity is a whole number from 1');
  if (quantity > item.stock) refuse(`only ${item.stock} left in stock`);
  const pointsDebit = item.pricePoints * BigInt(quantity);
  const moneyDebitMinor = item.priceMinor * BigInt(quantity);
  if (pointsDebit > balances.points) refuse('not enough points');
  if (moneyDebitMinor > balances.moneyMinor) refuse('not enough money in the main wallet');
  return { pointsDebit, moneyDebitMinor, stockAfter: item.stock - quantity };
}

/** A rejected redemption gives back exactly what it took, and its pieces go back in stock. */
export function rejectRedemption(
  r: Redemption,
  quantity: number,
): { points: bigint; moneyMinor: bigint; stockBack: number } {
  return { points: r.pointsDebit, moneyMinor: r.moneyDebitMinor, stockBack: quantity };
}
