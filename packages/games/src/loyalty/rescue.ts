/**
 * The rescue fund (issue 16): a member's net loss of the previous business day in a category
 * (net of bonuses) pays by the highest tier it reaches, a per cent of the loss (rounded down) or
 * a fixed amount. No loss, or a loss below every tier, pays nothing.
 */
import { toMinor } from '../decimal.ts';
import { floorTimes, percentOf, refuse } from './rules.ts';

export interface RescueTier {
  readonly minLossMinor: bigint;
  readonly pays: { readonly percent: string } | { readonly fixedMinor: bigint };
}

/** Tiers as the configuration writes them: { minLoss: "1000", percent: "5" } or { minLoss, fixed: "50" }. */
export function parseRescueTiers(raw: unknown, currencyDecimals: number): RescueTier[] {
  if (!Array.isArray(raw) || raw.length === 0) return refuse('rescue tiers must be a non-empty list');
  return raw.map((t, i) => {
    const where = `tiers[${i}]`;
    if (typeof t !== 'object' || t === null) return refuse(`${where} must be an object`);
    const { minLoss, percent, fixed } = t as Record<string, unknown>;
    const amount = (v: unknown, what: string) => {
      try {
        return toMinor(String(v), currencyDecimals);
      } catch {
        return refuse(`${where}.${what} is not an amount`);
      }
    };
    if ((percent === undefined) === (fixed === undefined))
      refuse(`${where} pays a percent or a fixed amount`);
    if (percent !== undefined) percentOf(String(percent));
    return {
      minLossMinor: amount(minLoss, 'minLoss'),
      pays: percent !== undefined ? { percent: String(percent) } : { fixedMinor: amount(fixed, 'fixed') },
    };
  });
}

/** What a net loss (minor units; a gain is negative) is paid from the fund. */
export function rescueFund(tiers: readonly RescueTier[], netLossMinor: bigint): bigint {
  let tier: RescueTier | undefined;
  for (const t of tiers)
    if (netLossMinor > 0n && netLossMinor >= t.minLossMinor && (!tier || t.minLossMinor > tier.minLossMinor))
      tier = t;
  if (!tier) return 0n;
  return 'percent' in tier.pays
    ? floorTimes(netLossMinor, percentOf(tier.pays.percent))
    : tier.pays.fixedMinor;
}
