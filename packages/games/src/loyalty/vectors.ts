/**
 * The loyalty rules' kinds of vectors (docs/vectors.md): `loyalty.rebate`, `loyalty.vip`,
 * `loyalty.wagering`, `loyalty.points` and `loyalty.rescue`. Each runs a worked example through
 * the real rule and lists what differs. `npm run vectors` dispatches here by kind.
 */
import { formatMinor, parseDecimal, toMinor } from '../decimal.ts';
import type { VectorVerdict } from '../lottery/vectors.ts';
import { ratio, sub } from '../ratio.ts';
import { cashToPoints, type MallItem, type Redemption, redeemItem, rejectRedemption } from './points.ts';
import {
  accrueRebate,
  addRebate,
  claimRebate,
  NO_REBATE,
  REBATE_DECIMALS,
  type RebateBalance,
  rebateTotal,
} from './rebate.ts';
import { parseRescueTiers, rescueFund } from './rescue.ts';
import { LoyaltyRuleError } from './rules.ts';
import { keepVip, parseVipRules, upgradeVip, VIP_CONDITIONS, type VipStats } from './vip.ts';
import { requiredTurnover, type WageringRule, wageringProgress } from './wagering.ts';

type Json = Record<string, unknown>;

const obj = (v: unknown, what: string): Json => {
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw new Error(`${what} must be an object`);
  return v as Json;
};
const decimalsOf = (v: Json): number => (v.currencyDecimals === undefined ? 2 : Number(v.currencyDecimals));

/** A signed decimal string ("-40", "+600", "160.0000") as minor units of `decimals`, exactly. */
function signedMinor(text: string, decimals: number): bigint {
  const negative = text.startsWith('-');
  const digits = text.replace(/^[+-]/, '');
  const r = parseDecimal(digits);
  const scaled = ratio(r.num * 10n ** BigInt(decimals), r.den);
  if (scaled.den !== 1n) throw new Error(`${text} has more than ${decimals} decimals`);
  return negative ? -scaled.num : scaled.num;
}

/** Compares an expected amount with an actual one; pushes a line when they differ. */
function check(mismatches: string[], what: string, expected: unknown, actual: bigint, decimals: number) {
  if (expected === undefined) return;
  const want = signedMinor(String(expected), decimals);
  if (sub(ratio(want), ratio(actual)).num !== 0n)
    mismatches.push(`${what} ${expected} ≠ ${formatMinor(actual, decimals)}`);
}

/** Runs steps, turning a refusal the step expects into a pass. */
function refusedOr(step: Json, mismatches: string[], label: string, run: () => void) {
  const expect = step.expect === undefined ? {} : obj(step.expect, `${label}.expect`);
  try {
    run();
    if (expect.refused !== undefined) mismatches.push(`${label}: expected refused (${expect.refused})`);
  } catch (error) {
    if (!(error instanceof LoyaltyRuleError)) throw error;
    if (typeof expect.refused !== 'string' || !error.message.includes(expect.refused))
      mismatches.push(`${label}: refused: ${error.message}`);
  }
}

/**
 * `loyalty.rebate`: { currencyDecimals?, rates: { CATEGORY: "0.8" }, steps: [{ bet: { category,
 * validBet, rate? } | claim: true, expect?: { byCategory?, total?, paid? } }] }. Accruals and totals
 * are written to 4 decimals, a claim's `paid` in the currency's.
 */
export function runRebateVector(v: Json): VectorVerdict {
  const d = decimalsOf(v);
  const rates = obj(v.rates, 'rates');
  const mismatches: string[] = [];
  let balance: RebateBalance = NO_REBATE;
  const steps = v.steps as Json[];
  if (!Array.isArray(steps)) throw new Error('steps must be a list');
  steps.forEach((raw, i) => {
    const step = obj(raw, `steps[${i}]`);
    const label = `step ${i + 1}`;
    let paid: bigint | undefined;
    refusedOr(step, mismatches, label, () => {
      if (step.bet !== undefined) {
        const bet = obj(step.bet, `${label}.bet`);
        const category = String(bet.category);
        const rate = bet.rate ?? rates[category];
        if (rate === undefined) throw new Error(`${label}: no rate for ${category}`);
        balance = addRebate(
          balance,
          category,
          accrueRebate(signedMinor(String(bet.validBet), d), String(rate), d),
        );
      }
      if (step.claim === true) {
        const claim = claimRebate(balance, d);
        paid = claim.paidMinor;
        balance = claim.balance;
      }
    });
    if (step.expect === undefined) return;
    const expect = obj(step.expect, `${label}.expect`);
    if (expect.byCategory !== undefined)
      for (const [category, amount] of Object.entries(obj(expect.byCategory, `${label}.byCategory`)))
        check(
          mismatches,
          `${label} ${category}`,
          amount,
          balance.byCategory[category] ?? 0n,
          REBATE_DECIMALS,
        );
    check(mismatches, `${label} total`, expect.total, rebateTotal(balance), REBATE_DECIMALS);
    if (expect.paid !== undefined) check(mismatches, `${label} paid`, expect.paid, paid ?? 0n, d);
  });
  return { mismatches };
}

/**
 * `loyalty.vip`: { rules, mode? (overrides the rules'), current?, granted?, stats: { condition:
 * "amount" }, check?: "upgrade" | "keep", expect: { level, bonuses?: [{ level, amount }] } }.
 * "keep" runs the month-end check with `stats` as the month's figures.
 */
export function runVipVector(v: Json): VectorVerdict {
  const d = decimalsOf(v);
  const rawRules = obj(v.rules, 'rules');
  const rules = parseVipRules(v.mode === undefined ? rawRules : { ...rawRules, mode: v.mode }, d);
  const given = obj(v.stats ?? {}, 'stats');
  const stats = Object.fromEntries(
    VIP_CONDITIONS.map((c) => [
      c,
      given[c] === undefined
        ? 0n
        : c === 'depositCount'
          ? BigInt(String(given[c]))
          : toMinor(String(given[c]), d),
    ]),
  ) as VipStats;
  const current = Number(v.current ?? 0);
  const expect = obj(v.expect, 'expect');
  const mismatches: string[] = [];
  if (v.check === 'keep') {
    const level = keepVip(rules, current, stats);
    if (level !== expect.level) mismatches.push(`level ${expect.level} ≠ ${level}`);
    return { mismatches };
  }
  const up = upgradeVip(rules, current, stats, (v.granted as number[] | undefined) ?? []);
  if (up.level !== expect.level) mismatches.push(`level ${expect.level} ≠ ${up.level}`);
  if (expect.bonuses !== undefined) {
    const want = (expect.bonuses as Json[]).map(
      (b) => `${b.level}:${formatMinor(toMinor(String(b.amount), d), d)}`,
    );
    const got = up.bonuses.map((b) => `${b.level}:${formatMinor(b.amountMinor, d)}`);
    if (want.join(',') !== got.join(','))
      mismatches.push(`bonuses [${want.join(', ')}] ≠ [${got.join(', ')}]`);
  }
  return { mismatches };
}

/**
 * `loyalty.wagering`: { rule: { multiple, base, contributions }, bonus, deposit?, bets: [{ category,
 * validBet }], expect: { required?, done?, remaining?, complete? } }.
 */
export function runWageringVector(v: Json): VectorVerdict {
  const d = decimalsOf(v);
  const rule = obj(v.rule, 'rule') as unknown as WageringRule;
  const required = requiredTurnover(
    rule,
    toMinor(String(v.bonus), d),
    v.deposit === undefined ? 0n : toMinor(String(v.deposit), d),
  );
  const bets = ((v.bets as Json[] | undefined) ?? []).map((b) => ({
    category: String(b.category),
    validBetMinor: toMinor(String(b.validBet), d),
  }));
  const p = wageringProgress(rule, required, bets);
  const expect = obj(v.expect, 'expect');
  const mismatches: string[] = [];
  check(mismatches, 'required', expect.required, p.requiredMinor, d);
  check(mismatches, 'done', expect.done, p.doneMinor, d);
  check(mismatches, 'remaining', expect.remaining, p.remainingMinor, d);
  if (expect.complete !== undefined && expect.complete !== p.complete)
    mismatches.push(`complete ${expect.complete} ≠ ${p.complete}`);
  return { mismatches };
}

/**
 * `loyalty.points`: { rate, balances: { points, money }, items: { ID: { points, money, stock } },
 * steps: [{ exchange: "100" } | { redeem: { item, quantity } } | { reject: true } (the last
 * redemption), expect?: { points?, money? (the step's changes, signed), stock?, refused? }] }.
 */
export function runPointsVector(v: Json): VectorVerdict {
  const d = decimalsOf(v);
  const balances = obj(v.balances, 'balances');
  let points = BigInt(String(balances.points ?? '0'));
  let money = toMinor(String(balances.money ?? '0'), d);
  const items = new Map<string, MallItem>(
    Object.entries(obj(v.items ?? {}, 'items')).map(([id, raw]) => {
      const it = obj(raw, `items.${id}`);
      return [
        id,
        {
          pricePoints: BigInt(String(it.points)),
          priceMinor: toMinor(String(it.money ?? '0'), d),
          stock: Number(it.stock),
        },
      ];
    }),
  );
  let last: { id: string; quantity: number; redemption: Redemption } | null = null;
  const mismatches: string[] = [];
  (v.steps as Json[]).forEach((raw, i) => {
    const step = obj(raw, `steps[${i}]`);
    const label = `step ${i + 1}`;
    const before = { points, money };
    let stock: number | undefined;
    refusedOr(step, mismatches, label, () => {
      if (step.exchange !== undefined) {
        const amount = toMinor(String(step.exchange), d);
        if (amount > money) throw new LoyaltyRuleError('not enough money in the main wallet');
        money -= amount;
        points += cashToPoints(amount, String(v.rate), d);
      } else if (step.redeem !== undefined) {
        const r = obj(step.redeem, `${label}.redeem`);
        const id = String(r.item);
        const item = items.get(id);
        if (!item) throw new Error(`${label}: no item ${id}`);
        const quantity = Number(r.quantity);
        const redemption = redeemItem(item, quantity, { points, moneyMinor: money });
        points -= redemption.pointsDebit;
        money -= redemption.moneyDebitMinor;
        items.set(id, { ...item, stock: redemption.stockAfter });
        stock = redemption.stockAfter;
        last = { id, quantity, redemption };
      } else if (step.reject === true) {
        if (!last) throw new Error(`${label}: nothing to reject`);
        const back = rejectRedemption(last.redemption, last.quantity);
        points += back.points;
        money += back.moneyMinor;
        const item = items.get(last.id)!;
        items.set(last.id, { ...item, stock: item.stock + back.stockBack });
        stock = item.stock + back.stockBack;
        last = null;
      }
    });
    if (step.expect === undefined) return;
    const expect = obj(step.expect, `${label}.expect`);
    check(mismatches, `${label} points`, expect.points, points - before.points, 0);
    check(mismatches, `${label} money`, expect.money, money - before.money, d);
    if (expect.stock !== undefined && expect.stock !== stock)
      mismatches.push(`${label} stock ${expect.stock} ≠ ${stock}`);
  });
  return { mismatches };
}

/** `loyalty.rescue`: { tiers: [{ minLoss, percent | fixed }], netLoss, expect: { pays } }. */
export function runRescueVector(v: Json): VectorVerdict {
  const d = decimalsOf(v);
  const tiers = parseRescueTiers(v.tiers, d);
  const pays = rescueFund(tiers, signedMinor(String(v.netLoss), d));
  const mismatches: string[] = [];
  check(mismatches, 'pays', obj(v.expect, 'expect').pays, pays, d);
  return { mismatches };
}
