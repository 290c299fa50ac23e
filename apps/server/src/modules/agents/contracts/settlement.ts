import { type ContractKind, TX_TYPE } from '@aurum/contract';
import { type ContractNode, dividend, HOUSE, realtimeSalary, salary, settleTree } from '@aurum/games';
import type { Clock } from '../../../platform/clock.ts';
import { MINUTE_MS, SECOND_MS } from '../../../platform/clock.ts';
import type { Database } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import type { EventBus } from '../../../platform/events.ts';
import type { Job } from '../../../platform/jobs.ts';
import type { MerchantState, MerchantStore } from '../../../platform/merchants.ts';
import { queryRows } from '../../../platform/sql.ts';
import { type Ledger, memberAccount, systemAccount, type TransferRequest } from '../../wallet/index.ts';
import { businessOffset, offsetMs } from '../business-day.ts';
import {
  dividendPeriodOf,
  lastClosedFiveMinutes,
  lastClosedSlot,
  parsePeriodKey,
  previousPeriodKey,
} from './periods.ts';
import {
  contractsInForce,
  ensureHouseContracts,
  expireClaims,
  insertBills,
  lockBills,
  mainBalances,
  markSettled,
  type NewBill,
  type OpenBill,
  openBills,
  owedByFundedPayers,
  type PeriodContract,
  type PlayerDraw,
  periodSettled,
  playerDraws,
  previousCarry,
  recordPayments,
  type TeamFigures,
  teamFigures,
} from './repository.ts';
import { contractsConfig, dividendTerms, kindEnabled, salaryTerms, tiersOf, toMinorUnits } from './terms.ts';

/** The merchant's system account contracts of top agents are paid from. */
export const HOUSE_CONTRACTS = systemAccount('HOUSE:CONTRACTS');
export const CONTRACTS_JOB = 'agent-contracts';
/** Pays owed bills of payers credited since (every 30 seconds). */
export const CONTRACT_DEBTS_JOB = 'agent-contract-debts';
/** The kinds the job settles. */
export const SETTLED_KINDS: readonly ContractKind[] = ['realtime', 'daily', 'hourly', 'dividend'];

const TX_KIND: Record<ContractKind, number> = {
  daily: TX_TYPE.salary,
  hourly: TX_TYPE.salary,
  realtime: TX_TYPE.salary,
  dividend: TX_TYPE.dividend,
};

export interface SettlementDeps {
  database: Database;
  store: MerchantStore;
  ledger: Ledger;
  clock: Clock;
  events: EventBus;
}

/**
 * Settles agent contracts: one bill per contract and period (UNIQUE (contract_id, period_key)),
 * then pays every bill still owed, top-down, through the ledger. Safe to run in several processes
 * at once and to run again after a crash: bills insert once, each payment is keyed by the bill and
 * what it had been paid before, and a bill is locked while it is paid.
 */
export class ContractSettlement {
  constructor(private readonly deps: SettlementDeps) {}

  /**
   * Computes and stores the bills of `kind` for the period `periodKey` (a business day
   * "2026-03-09" for daily salaries; a slot "2026-03-09T10" or "2026-03-09T10:30" for hourly ones; "2026-03-H1" / "2026-03-H2" half-months, "2026-03" months,
   * "2026-W…" weeks by their first day for dividends), then pays what is owed. Returns the bills
   * made by this run (0 when another run made them).
   */
  async settleContracts(merchantCode: string, kind: ContractKind, periodKey: string): Promise<number> {
    const merchant = await this.merchant(merchantCode);
    const { database, clock } = this.deps;
    const offset = offsetMs(businessOffset(merchant));
    const range = parsePeriodKey(kind, periodKey, offset);
    if (!range) {
      throw new AppError('validation.failed', `${periodKey} is not a period of ${kind} contracts.`, {
        period: 'unknown_period',
      });
    }
    if (range.toMs > clock.now()) {
      throw new AppError('validation.failed', `The period ${periodKey} has not ended.`, {
        period: 'not_ended',
      });
    }
    const from = new Date(range.fromMs);
    const to = new Date(range.toMs);
    // Settled already (the job comes back every few minutes): only collect what is owed.
    if (await periodSettled(database.db, merchant.code, kind, periodKey)) {
      await this.payOwed(merchant.code, kind);
      return 0;
    }
    const config = contractsConfig(merchant);
    const houseTerms = config.house[kind];
    if (houseTerms) {
      await ensureHouseContracts(
        database.db,
        merchant.code,
        kind,
        houseTerms,
        merchant.config.brand.agentType,
        new Date(clock.now()),
      );
    }
    const contracts = (await contractsInForce(database.db, merchant.code, kind, to)).filter((c) =>
      kind === 'dividend'
        ? (c.terms.period ?? 'half-monthly') === range.dividendPeriod
        : kind !== 'hourly' || (c.terms.slot ?? 'hour') === range.slot,
    );
    const figures = await teamFigures(
      database.db,
      merchant.code,
      contracts.map((c) => c.id),
      from,
      to,
      toMinorUnits(config.activeMember.validBet),
      toMinorUnits(config.activeMember.deposit),
    );
    const draws = kind === 'realtime' ? await playerDraws(database.db, merchant.code, from, to) : [];
    const made = await database.db.transaction(async (tx) => {
      const bills: NewBill[] = [];
      const amounts = new Map<
        number,
        { amount: bigint; tier: number | null; carry: bigint; extra: object }
      >();
      for (const c of contracts) {
        const f = figures.get(c.id) ?? zeroFigures;
        const carryIn =
          kind === 'dividend' ? await previousCarry(tx, c.id, previousPeriodKey(kind, periodKey)) : 0n;
        amounts.set(
          c.id,
          kind === 'realtime' ? realtimeAmount(c, draws) : amountOf(kind, c, f, carryIn, periodKey),
        );
      }
      const { net } = settleTree(nodesOf(contracts, amounts));
      for (const c of contracts) {
        const a = amounts.get(c.id)!;
        const f = figures.get(c.id) ?? zeroFigures;
        const netMinor = net[String(c.downlineId)] ?? 0n;
        // Nothing to show: the team neither played nor deposited, nothing earned or owed.
        if (
          a.amount === 0n &&
          netMinor === 0n &&
          a.carry === 0n &&
          f.validBetMinor === 0n &&
          f.depositsMinor === 0n
        )
          continue;
        bills.push({
          contractId: c.id,
          kind,
          periodKey,
          from,
          to,
          payerId: c.uplineIsHouse ? null : c.uplineId,
          payeeId: c.downlineId,
          depth: c.depth,
          figures: {
            teamBet: f.validBetMinor.toString(),
            pnl: f.pnlMinor.toString(),
            deposits: f.depositsMinor.toString(),
            active: Number(f.active),
            ...a.extra,
          },
          tier: a.tier,
          amountMinor: a.amount,
          netMinor,
          carryMinor: a.carry,
        });
      }
      const at = new Date(clock.now());
      const first = await markSettled(tx, {
        merchant: merchant.code,
        kind,
        periodKey,
        contracts: contracts.length,
        bills: bills.length,
        at,
      });
      // DAYSALMR: daily salaries wait for their payees to claim them, for the merchant's window.
      const claimUntil =
        kind === 'daily' && merchant.features.has('DAYSALMR')
          ? new Date(at.getTime() + config.claimDays * DAY_MS)
          : null;
      // Another run settled the period meanwhile: its bills stand (and ours would be the same).
      return first ? insertBills(tx, merchant.code, bills, at, claimUntil) : 0;
    });
    await this.payOwed(merchant.code, kind);
    // After the payments, so a page that reads the bills again on the event sees them paid.
    if (made > 0) {
      const ids = contracts.flatMap((c) => (c.uplineIsHouse ? [c.downlineId] : [c.downlineId, c.uplineId]));
      this.deps.events.publish(merchant.code, ids, { type: 'contract', id: 0, kind, state: 'settled' });
    }
    return made;
  }

  /**
   * Pays every bill of the kind still owed, uplines' bills first (so an agent is credited before
   * it pays its downlines). A payer short of money pays what its main wallet holds; the rest stays
   * owed for the next run. Returns the number of payments made.
   */
  async payOwed(merchant: string, kind: ContractKind): Promise<number> {
    let payments = 0;
    let after = { depth: -1, id: 0 };
    for (;;) {
      const open = await openBills(this.deps.database.db, merchant, kind, after);
      if (open.length === 0) return payments;
      const last = open.at(-1)!;
      after = { depth: last.depth, id: last.id };
      payments += await this.payInChunks(merchant, kind, open);
    }
  }

  /**
   * Pays what is owed on the bills whose payer has been credited since (its main wallet holds
   * money): the `agent-contract-debts` job, every 30 seconds, so a payer's deposit, transfer or win
   * settles its debts within the half-minute, with the settlement's own keyed payments. The ledger
   * knows nothing of contracts: this reads which payers hold money. Returns the payments made.
   */
  async payFunded(merchant: string): Promise<number> {
    const owed = await owedByFundedPayers(this.deps.database.db, merchant);
    let payments = 0;
    for (const kind of SETTLED_KINDS) {
      const bills = owed.filter((b) => b.kind === kind);
      if (bills.length > 0) payments += await this.payInChunks(merchant, kind, bills);
    }
    return payments;
  }

  /**
   * A hundred bills a transaction (one commit each); a chunk that meets a payer who spent its
   * money meanwhile is paid again one bill at a time, so the others are not held up.
   */
  private async payInChunks(merchant: string, kind: ContractKind, open: readonly OpenBill[]) {
    let payments = 0;
    for (let i = 0; i < open.length; i += PAY_CHUNK) {
      const chunk = open.slice(i, i + PAY_CHUNK);
      try {
        payments += await this.payBills(merchant, kind, chunk);
      } catch (error) {
        if (!isShort(error)) throw error;
        for (const bill of chunk) {
          try {
            payments += await this.payBills(merchant, kind, [bill]);
          } catch (e) {
            // The bill stays owed for the next run.
            if (!isShort(e)) throw e;
          }
        }
      }
    }
    return payments;
  }

  /**
   * Pays the bills in one transaction, each from what its payer holds now: the payers' balances
   * read in one statement (then followed as the chunk pays and credits), the payments made as one
   * ledger batch (transferMany: one keyed transfer each, one statement for all), and the bills'
   * payments recorded in one statement. A payer whose balance another transaction lowered
   * meanwhile makes the batch refuse (wallet.insufficient.funds): the caller then pays the chunk
   * one bill at a time.
   */
  private payBills(merchant: string, kind: ContractKind, bills: readonly OpenBill[]): Promise<number> {
    const { ledger, clock } = this.deps;
    return ledger.run(async (tx) => {
      const locked = await lockBills(
        tx,
        merchant,
        bills.map((b) => b.id),
      );
      const payers = new Set([...locked.values()].flatMap((b) => (b.payerId === null ? [] : [b.payerId])));
      const balances = await mainBalances(tx, merchant, [...payers]);
      const due: { id: number; amountMinor: bigint; request: TransferRequest }[] = [];
      // Paid in the order given (uplines first), so an agent is credited before it pays; the batch
      // keeps that order.
      for (const open of bills) {
        const b = locked.get(open.id);
        if (!b || (b.state !== 'pending' && b.state !== 'partly-paid')) continue;
        let amount = b.amountMinor - b.paidMinor;
        if (b.payerId !== null) {
          const held = balances.get(b.payerId) ?? 0n;
          if (held < amount) amount = held;
        }
        if (amount <= 0n) continue;
        due.push({
          id: b.id,
          amountMinor: amount,
          request: {
            merchant,
            from: b.payerId === null ? HOUSE_CONTRACTS : memberAccount(b.payerId, 'MAIN'),
            to: memberAccount(b.payeeId, 'MAIN'),
            amountMinor: amount,
            kind: TX_KIND[kind],
            idempotencyKey: `contract-bill:${b.id}:${b.paidMinor}`,
            memo: `contract ${b.contractId} bill ${b.id}`,
            actor: 'agents:contracts',
          },
        });
        if (b.payerId !== null) balances.set(b.payerId, (balances.get(b.payerId) ?? 0n) - amount);
        if (payers.has(b.payeeId)) balances.set(b.payeeId, (balances.get(b.payeeId) ?? 0n) + amount);
      }
      if (due.length === 0) return 0;
      const moved = await ledger.transferMany(
        tx,
        merchant,
        due.map((d) => d.request),
        'agents:contracts',
        // One shard of the house per transaction, so two runs never wait on each other's shards.
        bills[0]!.id,
      );
      const paid = due.map((d, i) => {
        const transfer = moved[i];
        // The key holds what the bill had paid, which this transaction changes with the payment:
        // a key used before means the bill and the ledger disagree. Nothing is kept.
        if (!transfer)
          throw new Error(`contract bill ${d.id}: payment key ${d.request.idempotencyKey} used before`);
        return { id: d.id, amountMinor: d.amountMinor, transferId: transfer.transferId };
      });
      await recordPayments(tx, paid, new Date(clock.now()));
      return paid.length;
    });
  }

  /**
   * Every top agent's contracts with the house, for each kind that is on and has house terms
   * (`config/contracts.json` house), made at start: a seeded agent (the demo's agent01) shows them
   * in the console and the agent centre before its first visit or settlement. Idempotent: an agent
   * that holds one already gets none; listing, offering and settling still make them on first use
   * for agents made later.
   */
  async ensureHouseContracts(): Promise<void> {
    const { database, clock } = this.deps;
    const codes = await queryRows<{ code: string }>(
      database.db,
      'SELECT code FROM merchants ORDER BY code',
      [],
    );
    for (const { code } of codes) {
      const merchant = await this.merchant(code);
      const house = contractsConfig(merchant).house;
      for (const kind of SETTLED_KINDS) {
        const terms = house[kind];
        if (!terms || !kindEnabled(merchant, kind)) continue;
        await ensureHouseContracts(
          database.db,
          code,
          kind,
          terms,
          merchant.config.brand.agentType,
          new Date(clock.now()),
        );
      }
    }
  }

  /** The job's work at `now`: each merchant's last closed periods settled, and what is owed paid. */
  async tick(now: number): Promise<number> {
    let done = 0;
    const codes = await queryRows<{ code: string }>(
      this.deps.database.db,
      'SELECT code FROM merchants ORDER BY code',
      [],
    );
    const failures: unknown[] = [];
    for (const { code } of codes) {
      const merchant = await this.merchant(code);
      const offset = offsetMs(businessOffset(merchant));
      // DAYSALMR: claimable daily salaries past their window become expired.
      await expireClaims(this.deps.database.db, code, new Date(now));
      for (const kind of SETTLED_KINDS) {
        if (!kindEnabled(merchant, kind)) continue;
        for (const key of periodsToSettle(kind, now, offset)) {
          // One kind or period failing (logged by the job runner) must not stop the others.
          try {
            done += await this.settleContracts(code, kind, key);
          } catch (error) {
            failures.push(error);
          }
        }
      }
    }
    if (failures.length > 0) throw failures[0];
    return done;
  }

  private async merchant(code: string): Promise<MerchantState> {
    const merchant = await this.deps.store.get(code);
    if (!merchant) throw new AppError('merchant.unknown');
    return merchant;
  }
}

/** The last closed periods of a kind at `now`: the day, the hour and half-hour slots, each dividend length. */
function periodsToSettle(kind: ContractKind, now: number, offset: number): string[] {
  if (kind === 'daily') return [lastClosedDay(now, offset)];
  if (kind === 'hourly')
    return [lastClosedSlot('hour', now, offset), lastClosedSlot('half-hour', now, offset)];
  if (kind === 'realtime') return [lastClosedFiveMinutes(now, offset)];
  return (['daily', 'weekly', 'half-monthly', 'monthly'] as const).map((p) =>
    dividendPeriodOf(p, now, offset),
  );
}

/** Bills paid per transaction. */
const PAY_CHUNK = 100;

const isShort = (error: unknown) => error instanceof AppError && error.code === 'wallet.insufficient.funds';

const zeroFigures: TeamFigures = { validBetMinor: 0n, pnlMinor: 0n, depositsMinor: 0n, active: 0n };

function amountOf(kind: ContractKind, c: PeriodContract, f: TeamFigures, carryIn: bigint, periodKey: string) {
  if (kind === 'dividend') {
    const d = dividend(dividendTerms(c.terms), {
      validBetMinor: f.validBetMinor,
      pnlMinor: f.pnlMinor,
      active: f.active,
      depositsMinor: f.depositsMinor,
      carryInMinor: carryIn,
      newMonth: startsMonth(periodKey),
    });
    return {
      amount: d.amountMinor,
      tier: d.tier,
      carry: d.carryOutMinor,
      extra: { base: d.baseMinor.toString(), fees: d.feesMinor.toString(), carryIn: carryIn.toString() },
    };
  }
  const s = salary(salaryTerms(c.terms), { teamBetMinor: f.validBetMinor, active: f.active });
  return {
    amount: s.amountMinor,
    tier: s.tier,
    carry: 0n,
    extra: { countedBet: s.countedBetMinor.toString() },
  };
}

/**
 * A real-time salary for the period: each draw of a player of the holder's team, by the
 * holder's tiers (the player's draw bet picks the tier; its net result picks the loss or win rate).
 */
function realtimeAmount(c: PeriodContract, draws: readonly PlayerDraw[]) {
  const tiers = tiersOf(c.terms);
  const end = `${c.path.slice(0, -1)}0`;
  let amount = 0n;
  let count = 0;
  for (const d of draws) {
    if (d.path < c.path || d.path >= end) continue;
    amount += realtimeSalary(tiers, { betMinor: d.betMinor, netMinor: d.netMinor }).amountMinor;
    count += 1;
  }
  return { amount, tier: null, carry: 0n, extra: { draws: count } };
}

/** A dividend period that starts a month: the first half-month, a month, the 1st's day. */
function startsMonth(key: string): boolean {
  return /^\d{4}-\d{2}(?:-H1)?$/.test(key) || /^\d{4}-\d{2}-01$/.test(key);
}

/**
 * The engine's tree: each holder paid by its upline; an upline that holds no contract of the
 * kind in force still pays from its wallet (a node of its own with nothing to receive).
 */
function nodesOf(
  contracts: readonly PeriodContract[],
  amounts: Map<number, { amount: bigint }>,
): ContractNode[] {
  const holders = new Set(contracts.map((c) => String(c.downlineId)));
  const nodes: ContractNode[] = contracts.map((c) => ({
    id: String(c.downlineId),
    upline: c.uplineIsHouse ? null : String(c.uplineId),
    amountMinor: amounts.get(c.id)!.amount,
  }));
  for (const c of contracts) {
    const up = String(c.uplineId);
    if (!c.uplineIsHouse && !holders.has(up)) {
      holders.add(up);
      nodes.push({ id: up, upline: null, amountMinor: 0n });
    }
  }
  return nodes.filter((n) => n.id !== HOUSE);
}

const DAY_MS = 86_400_000;

/** The business day that ended last before `now` ("2026-03-09"). */
export function lastClosedDay(now: number, offset: number): string {
  const todayStart = Math.floor((now + offset) / DAY_MS) * DAY_MS;
  return new Date(todayStart - DAY_MS).toISOString().slice(0, 10);
}

export function contractsJob(settlement: ContractSettlement): Job {
  return { name: CONTRACTS_JOB, everyMs: 5 * MINUTE_MS, run: (now) => settlement.tick(now) };
}

export function contractDebtsJob(settlement: ContractSettlement, database: Database): Job {
  return {
    name: CONTRACT_DEBTS_JOB,
    everyMs: 30 * SECOND_MS,
    run: async () => {
      let paid = 0;
      const codes = await queryRows<{ code: string }>(
        database.db,
        'SELECT code FROM merchants ORDER BY code',
        [],
      );
      for (const { code } of codes) paid += await settlement.payFunded(code);
      return paid;
    },
  };
}
