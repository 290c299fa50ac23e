/**
 * What each contract pays for a period (issue 15), the differential down the agent tree, and the
 * payments a settlement run makes. Amounts are minor units, rounded down to the minor unit.
 */
import { type Figures, matchTier, percentOf, refuse, type Tier, tierPays } from './tiers.ts';

// ---------------------------------------------------------------- dividends

/** 0: no carry; 1: a negative P&L carries into the next period; 2: as 1, reset at each month's start. */
export type CarryMode = 0 | 1 | 2;

export interface DividendTerms {
  readonly tiers: readonly Tier[];
  readonly carryMode: CarryMode;
  /** Per cent of the period's valid bet taken from the P&L before the tiers. */
  readonly serviceFeePercent?: string;
  /** Per cent of the period's deposits the agent bears, taken from the P&L before the tiers. */
  readonly depositFeePercent?: string;
  /** Per game class, the per cent of its valid bet that does not count toward the tiers. */
  readonly excludedPercent?: Readonly<Record<string, string>>;
}

export interface DividendPeriod {
  readonly validBetMinor: bigint;
  /** The company side's profit and loss of the team over the period (positive: the team lost). */
  readonly pnlMinor: bigint;
  readonly active: bigint;
  readonly depositsMinor?: bigint;
  /** Valid bet per game class, for the exclusions. */
  readonly validBetByGameMinor?: Readonly<Record<string, bigint>>;
  /** The carry brought from the previous period (zero or negative). */
  readonly carryInMinor?: bigint;
  /** The period starts a new month (carry mode 2 drops what it carried). */
  readonly newMonth?: boolean;
}

export interface Dividend {
  /** P&L after fees and carry: what the tiers are matched on and the per cent applies to. */
  readonly baseMinor: bigint;
  readonly countedValidBetMinor: bigint;
  readonly feesMinor: bigint;
  readonly tier: number | null;
  readonly amountMinor: bigint;
  readonly carryOutMinor: bigint;
}

const pctOf = (amount: bigint, text: string | undefined, where: string): bigint => {
  if (text === undefined || amount <= 0n) return 0n;
  const p = percentOf(text, where).percent;
  return (amount * p.num) / p.den;
};

/** A team's dividend for one period, and what it carries into the next. */
export function dividend(terms: DividendTerms, period: DividendPeriod): Dividend {
  const carryIn =
    terms.carryMode === 0 || (terms.carryMode === 2 && period.newMonth) ? 0n : (period.carryInMinor ?? 0n);
  if (carryIn > 0n) refuse('a carry is never positive');
  let excluded = 0n;
  for (const [game, pct] of Object.entries(terms.excludedPercent ?? {}))
    excluded += pctOf(period.validBetByGameMinor?.[game] ?? 0n, pct, `excluded ${game}`);
  const countedValidBetMinor = period.validBetMinor - excluded;
  const feesMinor =
    pctOf(period.validBetMinor, terms.serviceFeePercent, 'service fee') +
    pctOf(period.depositsMinor ?? 0n, terms.depositFeePercent, 'deposit fee');
  const baseMinor = period.pnlMinor - feesMinor + carryIn;
  const figures: Figures = { validBet: countedValidBetMinor, pnl: baseMinor, active: period.active };
  const tier = baseMinor > 0n ? matchTier(terms.tiers, figures) : null;
  return {
    baseMinor,
    countedValidBetMinor,
    feesMinor,
    tier: tier ? terms.tiers.indexOf(tier) + 1 : null,
    amountMinor: tierPays(tier, baseMinor),
    carryOutMinor: terms.carryMode !== 0 && baseMinor < 0n ? baseMinor : 0n,
  };
}

// ---------------------------------------------------------------- salaries

export interface SalaryTerms {
  readonly tiers: readonly Tier[];
  /** Hourly salary: the team bet counts in whole units of this (minor units); none: as it is. */
  readonly unitMinor?: bigint;
}

/** A daily, hourly or half-hourly salary: the team's bet in the slot (in whole units) by its tier. */
export function salary(
  terms: SalaryTerms,
  slot: { readonly teamBetMinor: bigint; readonly active: bigint },
): { countedBetMinor: bigint; tier: number | null; amountMinor: bigint } {
  const unit = terms.unitMinor ?? 0n;
  if (unit < 0n) refuse('a unit is never negative');
  const countedBetMinor = unit > 0n ? (slot.teamBetMinor / unit) * unit : slot.teamBetMinor;
  const tier = matchTier(terms.tiers, { teamBet: countedBetMinor, active: slot.active });
  return {
    countedBetMinor,
    tier: tier ? terms.tiers.indexOf(tier) + 1 : null,
    amountMinor: tierPays(tier, countedBetMinor),
  };
}

/**
 * Real-time salary for one player's draw: its net result decides loss or win (a net of 0 is a
 * win), and the tier of the player's bet in that draw gives the rate.
 */
export function realtimeSalary(
  tiers: readonly Tier[],
  draw: { readonly betMinor: bigint; readonly netMinor: bigint },
): { win: boolean; tier: number | null; amountMinor: bigint } {
  const win = draw.netMinor >= 0n;
  const tier = matchTier(tiers, { playerBet: draw.betMinor });
  return {
    win,
    tier: tier ? tiers.indexOf(tier) + 1 : null,
    amountMinor: tierPays(tier, draw.betMinor, win),
  };
}

// ---------------------------------------------------------------- prize groups

/**
 * The agent rebate of a lottery bet: (upline's group − bet's group) / 2000 of the valid bet; a
 * member's own rebate is the same with its own group. Never negative.
 */
export function prizeGroupRebate(ownGroup: number, betGroup: number, validBetMinor: bigint): bigint {
  if (ownGroup <= betGroup || validBetMinor <= 0n) return 0n;
  return (validBetMinor * BigInt(ownGroup - betGroup)) / 2000n;
}

/** A downline's new prize group: only upward, never above the agent's own. */
export function changePrizeGroup(current: number, next: number, agentGroup: number): number {
  if (!Number.isInteger(next)) refuse('a prize group is a whole number');
  if (next < current) refuse(`a prize group only goes up: ${next} is below ${current}`);
  if (next > agentGroup) refuse(`a prize group is never above the agent's own (${agentGroup})`);
  return next;
}

// ---------------------------------------------------------------- the tree

export interface ContractNode {
  readonly id: string;
  /** The upline that pays this agent's contract; null: the merchant's house pays. */
  readonly upline: string | null;
  /** What the agent's own contract yields on its team's figures. */
  readonly amountMinor: bigint;
}

export interface Payment {
  readonly from: string;
  readonly to: string;
  readonly amountMinor: bigint;
}

export const HOUSE = 'HOUSE';

/**
 * One settlement of a period down the tree: each agent's contract amount is paid by its upline
 * (the top agents' by the house), so each agent nets the differential: its team amount minus what
 * its direct downlines' contracts pay them, negative when they earn more than it does (it still
 * pays them in full). Payments are ordered top-down, so an agent is credited before it pays.
 */
export function settleTree(nodes: readonly ContractNode[]): {
  payments: Payment[];
  net: Record<string, bigint>;
} {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const depth = (n: ContractNode): number => {
    let d = 0;
    for (let up = n.upline; up !== null; up = byId.get(up)?.upline ?? null) {
      if (++d > nodes.length) refuse('the agent tree has a cycle');
    }
    return d;
  };
  const ordered = [...nodes].sort((a, b) => depth(a) - depth(b) || (a.id < b.id ? -1 : 1));
  const net: Record<string, bigint> = {};
  const payments: Payment[] = [];
  for (const n of ordered) {
    if (n.amountMinor < 0n) refuse('a contract never pays a negative amount');
    const from = n.upline ?? HOUSE;
    if (n.upline !== null && !byId.has(n.upline))
      refuse(`${n.id}'s upline ${n.upline} holds no contract here`);
    net[n.id] = (net[n.id] ?? 0n) + n.amountMinor;
    if (from !== HOUSE) net[from] = (net[from] ?? 0n) - n.amountMinor;
    if (n.amountMinor > 0n) payments.push({ from, to: n.id, amountMinor: n.amountMinor });
  }
  return { payments, net };
}

/**
 * Pays the payments in order from the payers' balances: a short payer pays what it has and the
 * rest stays owed on the bill (retried later); the house is never short. Each payee's balance
 * grows by what it received before its own payments run.
 */
export function payAll(
  payments: readonly Payment[],
  balances: Readonly<Record<string, bigint>>,
): { paid: bigint[]; owed: bigint[]; balances: Record<string, bigint> } {
  const now: Record<string, bigint> = { ...balances };
  const paid: bigint[] = [];
  const owed: bigint[] = [];
  for (const p of payments) {
    const available = p.from === HOUSE ? p.amountMinor : (now[p.from] ?? 0n);
    const amount = available < p.amountMinor ? (available > 0n ? available : 0n) : p.amountMinor;
    if (p.from !== HOUSE) now[p.from] = (now[p.from] ?? 0n) - amount;
    now[p.to] = (now[p.to] ?? 0n) + amount;
    paid.push(amount);
    owed.push(p.amountMinor - amount);
  }
  return { paid, owed, balances: now };
}

// ---------------------------------------------------------------- red envelopes

/** An equal split: the remainder's minor units go one each to the first recipients in order. */
export function equalSplit(totalMinor: bigint, count: number): bigint[] {
  if (!Number.isInteger(count) || count < 1) refuse('an envelope has at least one recipient');
  const n = BigInt(count);
  if (totalMinor < n) refuse('each recipient gets at least the smallest amount');
  const share = totalMinor / n;
  const rest = totalMinor - share * n;
  return Array.from({ length: count }, (_, i) => share + (BigInt(i) < rest ? 1n : 0n));
}

/**
 * A random split: parts that sum to exactly the total, each at least one minor unit. `uniform(n)`
 * gives a uniform integer in 0..n−1 (the platform's CSPRNG on the server): the cut points are
 * distinct and drawn uniformly, so every split is equally likely.
 */
export function randomSplit(totalMinor: bigint, count: number, uniform: (n: number) => number): bigint[] {
  if (!Number.isInteger(count) || count < 1) refuse('an envelope has at least one recipient');
  if (totalMinor < BigInt(count)) refuse('each recipient gets at least the smallest amount');
  if (totalMinor - 1n > BigInt(Number.MAX_SAFE_INTEGER)) refuse('the total is too large to split');
  const slots = Number(totalMinor - 1n);
  const cuts = new Set<number>();
  while (cuts.size < count - 1) cuts.add(1 + uniform(slots));
  const sorted = [...cuts].sort((a, b) => a - b);
  const parts: bigint[] = [];
  let last = 0;
  for (const c of [...sorted, Number(totalMinor)]) {
    parts.push(BigInt(c - last));
    last = c;
  }
  return parts;
}
