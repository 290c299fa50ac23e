import type { ContractKind, ContractTerms } from '@aurum/contract';
import { checkAgainstUpline, parseTiers, type Tier } from '@aurum/games';

/** The figures a tier may ask for, in the order the editor shows them (CONTRACT_TIER_FIGURES). */
export const TIER_FIGURES = ['teamBet', 'validBet', 'pnl', 'playerBet', 'active'] as const;
export type TierFigure = (typeof TIER_FIGURES)[number];

/** The currency's decimals, as the server reads terms (terms.ts DECIMALS). */
const DECIMALS = 2;

/** One tier as the editor holds it: text fields, empty where not filled in yet. */
export interface TierDraft {
  min: Partial<Record<TierFigure, string>>;
  percent: string;
  /** Real-time salary: the rate when the player's draw was a win. */
  winPercent: string;
}

/** Why a tier cannot be offered (each has its text in the agent-centre catalogue). */
export type TierProblem = 'invalid' | 'notHigher' | 'aboveUpline';

/** The figures the kind's tiers ask for when my own contract names none. */
const KIND_FIGURES: Record<ContractKind, readonly TierFigure[]> = {
  daily: ['teamBet', 'active'],
  hourly: ['teamBet', 'active'],
  realtime: ['playerBet'],
  dividend: ['validBet', 'pnl', 'active'],
};

/** The figures an offer asks for: those of my own contract's tiers (so they can be compared). */
export function offerFigures(kind: ContractKind, mine: ContractTerms | undefined): TierFigure[] {
  const used = new Set(mine?.tiers.flatMap((t) => Object.keys(t.min)) ?? []);
  const figures = TIER_FIGURES.filter((f) => used.has(f));
  return figures.length > 0 ? figures : [...KIND_FIGURES[kind]];
}

export const emptyTier = (): TierDraft => ({ min: {}, percent: '', winPercent: '' });

/** A draft as the call takes it (blank thresholds left out, counts as numbers). */
export function draftToTiers(kind: ContractKind, drafts: readonly TierDraft[]): ContractTerms['tiers'] {
  return drafts.map((d) => ({
    min: Object.fromEntries(
      Object.entries(d.min)
        .filter(([, v]) => v !== undefined && v.trim() !== '')
        .map(([k, v]) => [k, k === 'active' ? Number(v!.trim()) : v!.trim()]),
    ),
    percent: d.percent.trim(),
    ...(kind === 'realtime' ? { winPercent: d.winPercent.trim() } : {}),
  }));
}

/** A stored tier back into the editor (modifying a contract starts from its terms). */
export function tiersToDraft(tiers: ContractTerms['tiers']): TierDraft[] {
  return tiers.map((t) => ({
    min: Object.fromEntries(Object.entries(t.min).map(([k, v]) => [k, String(v)])),
    percent: t.percent ?? '',
    winPercent: t.winPercent ?? '',
  }));
}

const DECIMAL = /^\d{1,15}(?:\.\d{1,4})?$/;
const COUNT = /^\d{1,9}$/;

/** The engine's reading of some tiers, or null when it refuses them. */
const parse = (tiers: ContractTerms['tiers']): Tier[] | null => {
  try {
    return parseTiers(tiers, DECIMALS);
  } catch {
    return null;
  }
};

/**
 * The offer's tiers checked as the server checks them, with the same rules engine
 * (`@aurum/games` parseTiers and checkAgainstUpline), but per tier so each row can say what is
 * wrong with it: a bad number, a threshold that does not go up from the tier before, or a rate
 * above what my own contract pays on the same figures. Returns one problem (or null) per tier.
 */
export function checkTiers(
  kind: ContractKind,
  drafts: readonly TierDraft[],
  mine: ContractTerms | undefined,
): (TierProblem | null)[] {
  const offered = draftToTiers(kind, drafts);
  const upline = mine ? parse(mine.tiers) : null;
  return offered.map((tier, i) => {
    const d = drafts[i]!;
    const numbers = Object.entries(d.min).every(
      ([k, v]) => !v?.trim() || (k === 'active' ? COUNT : DECIMAL).test(v.trim()),
    );
    const rates =
      DECIMAL.test(d.percent.trim()) && (kind !== 'realtime' || DECIMAL.test(d.winPercent.trim()));
    const own = numbers && rates ? parse([tier]) : null;
    if (!own) return 'invalid';
    if (i > 0) {
      const before = offered[i - 1]!;
      if (parse([before]) && !parse([before, tier])) return 'notHigher';
    }
    if (!upline) return 'aboveUpline';
    try {
      checkAgainstUpline(own, upline);
    } catch {
      return 'aboveUpline';
    }
    return null;
  });
}
