/**
 * The agent contracts' kinds of vectors (docs/vectors.md): `contract.team` settles one period of
 * a team of agents, each with its own contract, down the tree; `contract.periods` runs a dividend
 * contract over consecutive periods with its carry; `contract.prize-group` checks agent rebates
 * and prize-group changes; `contract.envelope` splits a red envelope equally.
 */
import { formatMinor, toMinor } from '../decimal.ts';
import type { VectorVerdict } from '../lottery/vectors.ts';
import {
  type CarryMode,
  type ContractNode,
  changePrizeGroup,
  type DividendTerms,
  dividend,
  equalSplit,
  payAll,
  prizeGroupRebate,
  realtimeSalary,
  salary,
  settleTree,
} from './settle.ts';
import { ContractRuleError, parseTiers } from './tiers.ts';

type Json = Record<string, unknown>;
const obj = (v: unknown, what: string): Json => {
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw new Error(`${what} must be an object`);
  return v as Json;
};
const decimalsOf = (v: Json): number => (v.currencyDecimals === undefined ? 2 : Number(v.currencyDecimals));
/** A signed amount ("-2000", "12.5") in minor units. */
const signed = (text: unknown, d: number): bigint => {
  const s = String(text);
  const minor = toMinor(s.replace(/^[+-]/, ''), d);
  return s.startsWith('-') ? -minor : minor;
};

function compare(mismatches: string[], what: string, expected: unknown, actual: bigint, d: number) {
  if (expected === undefined) return;
  if (signed(expected, d) !== actual) mismatches.push(`${what} ${expected} ≠ ${formatMinor(actual, d)}`);
}

function dividendTerms(c: Json, d: number): DividendTerms {
  return {
    tiers: parseTiers(c.tiers, d),
    carryMode: Number(c.carryMode ?? 0) as CarryMode,
    ...(c.serviceFee !== undefined ? { serviceFeePercent: String(c.serviceFee) } : {}),
    ...(c.depositFee !== undefined ? { depositFeePercent: String(c.depositFee) } : {}),
    ...(c.excluded !== undefined
      ? { excludedPercent: obj(c.excluded, 'excluded') as Record<string, string> }
      : {}),
  };
}

/** One agent's contract amount for the period, by its kind. */
function amountOf(agent: Json, d: number): { amount: bigint; tier: number | null } {
  if (agent.amount !== undefined) return { amount: signed(agent.amount, d), tier: null };
  const f = obj(agent.figures, `${agent.id}.figures`);
  switch (agent.contract) {
    case 'dividend': {
      const r = dividend(dividendTerms(agent, d), {
        validBetMinor: signed(f.validBet, d),
        pnlMinor: signed(f.pnl, d),
        active: BigInt(Number(f.active ?? 0)),
        ...(f.deposits !== undefined ? { depositsMinor: signed(f.deposits, d) } : {}),
        ...(f.byGame !== undefined
          ? {
              validBetByGameMinor: Object.fromEntries(
                Object.entries(obj(f.byGame, 'byGame')).map(([g, a]) => [g, signed(a, d)]),
              ),
            }
          : {}),
      });
      return { amount: r.amountMinor, tier: r.tier };
    }
    case 'daily':
    case 'hourly': {
      const r = salary(
        {
          tiers: parseTiers(agent.tiers, d),
          ...(agent.unit !== undefined ? { unitMinor: signed(agent.unit, d) } : {}),
        },
        { teamBetMinor: signed(f.teamBet, d), active: BigInt(Number(f.active ?? 0)) },
      );
      return { amount: r.amountMinor, tier: r.tier };
    }
    case 'realtime': {
      const r = realtimeSalary(parseTiers(agent.tiers, d), {
        betMinor: signed(f.bet, d),
        netMinor: signed(f.net, d),
      });
      return { amount: r.amountMinor, tier: r.tier };
    }
    default:
      throw new Error(`${agent.id}: unknown contract ${agent.contract}`);
  }
}

/**
 * `contract.team`: { agents: [{ id, upline?, contract: dividend | daily | hourly | realtime,
 * tiers, unit?, carryMode?, serviceFee?, depositFee?, excluded?, figures } | { id, upline?,
 * amount }], balances?, expect: { tiers?, amounts?, net?, paid?, owed? } }. `paid` and `owed` are
 * per payee, after paying every contract top-down from `balances` (the house never runs short).
 */
export function runTeamVector(v: Json): VectorVerdict {
  const d = decimalsOf(v);
  const agents = (v.agents as Json[]).map((a) => obj(a, 'agent'));
  const nodes: ContractNode[] = [];
  const tiers: Record<string, number | null> = {};
  for (const a of agents) {
    const { amount, tier } = amountOf(a, d);
    tiers[String(a.id)] = tier;
    nodes.push({
      id: String(a.id),
      upline: a.upline === undefined ? null : String(a.upline),
      amountMinor: amount,
    });
  }
  const { payments, net } = settleTree(nodes);
  const expect = obj(v.expect, 'expect');
  const mismatches: string[] = [];
  for (const [id, t] of Object.entries(obj(expect.tiers ?? {}, 'tiers')))
    if (tiers[id] !== t) mismatches.push(`${id} tier ${t} ≠ ${tiers[id]}`);
  for (const [id, a] of Object.entries(obj(expect.amounts ?? {}, 'amounts')))
    compare(mismatches, `${id} amount`, a, nodes.find((n) => n.id === id)?.amountMinor ?? 0n, d);
  for (const [id, a] of Object.entries(obj(expect.net ?? {}, 'net')))
    compare(mismatches, `${id} net`, a, net[id] ?? 0n, d);
  if (expect.paid !== undefined || expect.owed !== undefined) {
    const balances = Object.fromEntries(
      Object.entries(obj(v.balances ?? {}, 'balances')).map(([id, a]) => [id, signed(a, d)]),
    );
    const run = payAll(payments, balances);
    payments.forEach((p, i) => {
      compare(mismatches, `paid to ${p.to}`, obj(expect.paid ?? {}, 'paid')[p.to], run.paid[i]!, d);
      compare(mismatches, `owed to ${p.to}`, obj(expect.owed ?? {}, 'owed')[p.to], run.owed[i]!, d);
    });
  }
  return { mismatches };
}

/**
 * `contract.periods`: a dividend contract { tiers, carryMode, serviceFee?, depositFee?, excluded? }
 * over `periods: [{ validBet, pnl, active, deposits?, newMonth?, expect: { tier?, base?, dividend?,
 * carry? } }]`, each period taking the carry of the one before.
 */
export function runPeriodsVector(v: Json): VectorVerdict {
  const d = decimalsOf(v);
  const terms = dividendTerms(v, d);
  const mismatches: string[] = [];
  let carry = 0n;
  (v.periods as Json[]).forEach((raw, i) => {
    const p = obj(raw, `periods[${i}]`);
    const r = dividend(terms, {
      validBetMinor: signed(p.validBet, d),
      pnlMinor: signed(p.pnl, d),
      active: BigInt(Number(p.active ?? 0)),
      ...(p.deposits !== undefined ? { depositsMinor: signed(p.deposits, d) } : {}),
      carryInMinor: carry,
      newMonth: p.newMonth === true,
    });
    carry = r.carryOutMinor;
    const e = obj(p.expect, `periods[${i}].expect`);
    const label = `period ${i + 1}`;
    if (e.tier !== undefined && e.tier !== r.tier) mismatches.push(`${label} tier ${e.tier} ≠ ${r.tier}`);
    compare(mismatches, `${label} base`, e.base, r.baseMinor, d);
    compare(mismatches, `${label} dividend`, e.dividend, r.amountMinor, d);
    compare(mismatches, `${label} carry`, e.carry, r.carryOutMinor, d);
  });
  return { mismatches };
}

/**
 * `contract.prize-group`: { own, bet, validBet, expect: { rebate } } or { current, next, agent,
 * expect: { group } | { refused } }.
 */
export function runPrizeGroupVector(v: Json): VectorVerdict {
  const d = decimalsOf(v);
  const expect = obj(v.expect, 'expect');
  const mismatches: string[] = [];
  if (v.validBet !== undefined) {
    compare(
      mismatches,
      'rebate',
      expect.rebate,
      prizeGroupRebate(Number(v.own), Number(v.bet), signed(v.validBet, d)),
      d,
    );
    return { mismatches };
  }
  try {
    const group = changePrizeGroup(Number(v.current), Number(v.next), Number(v.agent));
    if (expect.refused !== undefined) mismatches.push(`expected refused (${expect.refused}), got ${group}`);
    else if (expect.group !== group) mismatches.push(`group ${expect.group} ≠ ${group}`);
  } catch (error) {
    if (!(error instanceof ContractRuleError)) throw error;
    if (typeof expect.refused !== 'string' || !error.message.includes(expect.refused))
      mismatches.push(`refused: ${error.message}`);
  }
  return { mismatches };
}

/** `contract.envelope`: { total, count, expect: { parts: ["25.00", …] } }: the equal split. */
export function runEnvelopeVector(v: Json): VectorVerdict {
  const d = decimalsOf(v);
  const parts = equalSplit(signed(v.total, d), Number(v.count));
  const want = (obj(v.expect, 'expect').parts as unknown[]).map((p) => formatMinor(signed(p, d), d));
  const got = parts.map((p) => formatMinor(p, d));
  return {
    mismatches: want.join(',') === got.join(',') ? [] : [`parts [${want.join(', ')}] ≠ [${got.join(', ')}]`],
  };
}
