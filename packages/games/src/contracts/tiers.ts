/**
 * Contract tiers (issue 15): each tier has thresholds over the period's figures, all of which must
 * be reached, and pays a per cent of a base or a fixed amount. The highest tier reached applies.
 * Thresholds go up from tier to tier, and a downline's rate never exceeds what its upline's own
 * contract pays on the same figures.
 */
import { parseDecimal, toMinor } from '../decimal.ts';
import { type Ratio, ratio, sub } from '../ratio.ts';

export class ContractRuleError extends Error {
  override name = 'ContractRuleError';
}

export const refuse = (message: string): never => {
  throw new ContractRuleError(message);
};

/** The figures tiers can ask for: amounts in minor units, counts as plain numbers (bigint). */
export const TIER_FIGURES = ['validBet', 'pnl', 'active', 'teamBet', 'playerBet'] as const;
export type TierFigure = (typeof TIER_FIGURES)[number];
export type Figures = Readonly<Partial<Record<TierFigure, bigint>>>;
const COUNTS: readonly TierFigure[] = ['active'];

export interface Tier {
  readonly min: Figures;
  /** A per cent of the base ("1.5"), or a fixed amount in minor units. */
  readonly pays: { readonly percent: Ratio; readonly text: string } | { readonly fixedMinor: bigint };
  /** Real-time salary: the per cent when the player's draw was a win (`pays` is the loss rate). */
  readonly winPercent?: { readonly percent: Ratio; readonly text: string };
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

export function percentOf(text: string, where: string): { percent: Ratio; text: string } {
  try {
    const r = parseDecimal(text);
    if (r.num > r.den * 100n) refuse(`${where}: ${text} % is above 100 %`);
    return { percent: ratio(r.num, r.den * 100n), text };
  } catch (error) {
    if (error instanceof ContractRuleError) throw error;
    return refuse(`${where}: not a percentage: ${text}`);
  }
}

export function amountOf(text: unknown, decimals: number, where: string): bigint {
  try {
    return toMinor(String(text), decimals);
  } catch {
    return refuse(`${where}: not an amount: ${String(text)}`);
  }
}

/**
 * Tiers as the configuration writes them: `[{ min: { validBet: "100000", active: 5 }, percent:
 * "10" }]` (or `fixed: "50"`; real-time salary adds `winPercent`). Refuses thresholds that do not
 * go up, and an unknown figure.
 */
export function parseTiers(raw: unknown, decimals: number): Tier[] {
  if (!Array.isArray(raw) || raw.length === 0) return refuse('a contract needs at least one tier');
  const tiers = raw.map((t, i): Tier => {
    const where = `tier ${i + 1}`;
    if (!isObject(t) || !isObject(t.min)) return refuse(`${where} needs its thresholds (min)`);
    const min: Partial<Record<TierFigure, bigint>> = {};
    for (const [key, value] of Object.entries(t.min)) {
      if (!(TIER_FIGURES as readonly string[]).includes(key)) refuse(`${where}: unknown figure ${key}`);
      const figure = key as TierFigure;
      if (COUNTS.includes(figure)) {
        if (!Number.isInteger(Number(value)) || Number(value) < 0) refuse(`${where}: ${key} is a count`);
        min[figure] = BigInt(Number(value));
      } else min[figure] = amountOf(value, decimals, `${where}.${key}`);
    }
    if ((t.percent === undefined) === (t.fixed === undefined))
      refuse(`${where} pays a percent or a fixed amount`);
    const pays =
      t.percent !== undefined
        ? percentOf(String(t.percent), where)
        : { fixedMinor: amountOf(t.fixed, decimals, `${where}.fixed`) };
    return {
      min,
      pays,
      ...(t.winPercent !== undefined ? { winPercent: percentOf(String(t.winPercent), where) } : {}),
    };
  });
  for (let i = 1; i < tiers.length; i++) {
    const before = tiers[i - 1]!.min;
    const now = tiers[i]!.min;
    const keys = new Set([...Object.keys(before), ...Object.keys(now)]) as Set<TierFigure>;
    let higher = false;
    for (const k of keys) {
      const a = before[k] ?? 0n;
      const b = now[k] ?? 0n;
      if (b < a) refuse(`tier ${i + 1}: its ${k} threshold is below tier ${i}'s; thresholds go up`);
      if (b > a) higher = true;
    }
    if (!higher) refuse(`tier ${i + 1}: asks for nothing more than tier ${i}`);
  }
  return tiers;
}

/** The highest tier whose every threshold the figures reach, or null. */
export function matchTier(tiers: readonly Tier[], figures: Figures): Tier | null {
  let found: Tier | null = null;
  for (const t of tiers) {
    const reached = (Object.entries(t.min) as [TierFigure, bigint][]).every(
      ([k, min]) => (figures[k] ?? 0n) >= min,
    );
    if (reached) found = t;
  }
  return found;
}

/** What a tier pays on `baseMinor`: its per cent rounded down, or its fixed amount. */
export function tierPays(tier: Tier | null, baseMinor: bigint, win = false): bigint {
  if (!tier || baseMinor <= 0n) return 0n;
  const rate = win ? tier.winPercent : 'percent' in tier.pays ? tier.pays : undefined;
  if (win && !rate) return 0n;
  if (rate) return (baseMinor * rate.percent.num) / rate.percent.den;
  return 'fixedMinor' in tier.pays ? tier.pays.fixedMinor : 0n;
}

const rateAt = (tiers: readonly Tier[], figures: Figures, win: boolean): Ratio | null => {
  const t = matchTier(tiers, figures);
  if (!t) return null;
  const r = win ? t.winPercent : 'percent' in t.pays ? t.pays : undefined;
  return r ? r.percent : null;
};

/**
 * A downline's tiers against its upline's: on the figures that just reach each downline tier,
 * the upline's own contract must pay at least the same per cent (so no offer promises more than
 * the upline earns on the same team). Fixed-amount tiers compare by amount.
 */
export function checkAgainstUpline(tiers: readonly Tier[], upline: readonly Tier[]): void {
  tiers.forEach((t, i) => {
    const mine = 'percent' in t.pays ? t.pays.percent : null;
    const theirs = matchTier(upline, t.min);
    if (!theirs) refuse(`tier ${i + 1}: the upline's contract pays nothing on these figures`);
    if (mine) {
      const uplineRate = rateAt(upline, t.min, false);
      if (!uplineRate || sub(uplineRate, mine).num < 0n)
        refuse(`tier ${i + 1}: ${'text' in t.pays ? t.pays.text : ''} % is above the upline's own rate`);
    } else if (
      'fixedMinor' in t.pays &&
      'fixedMinor' in theirs!.pays &&
      t.pays.fixedMinor > theirs!.pays.fixedMinor
    )
      refuse(`tier ${i + 1}: the fixed amount is above the upline's own`);
    if (t.winPercent) {
      const uplineWin = rateAt(upline, t.min, true);
      if (!uplineWin || sub(uplineWin, t.winPercent.percent).num < 0n)
        refuse(`tier ${i + 1}: the win rate is above the upline's own`);
    }
  });
}
