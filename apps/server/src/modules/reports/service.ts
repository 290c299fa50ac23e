import { minorToDecimal } from '@aurum/contract';
import type { Clock } from '../../platform/clock.ts';
import { DAY_MS } from '../../platform/clock.ts';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { MerchantState, MerchantStore } from '../../platform/merchants.ts';
import { businessOffset, offsetMs } from '../agents/index.ts';
import { catalogueOf } from '../games/index.ts';
import { countsWhenMemberPays, DEDUCTIONS, type Deduction, lineOf } from './definitions.ts';
import {
  accountsOf,
  activePlayers,
  breakGlassSince,
  type FlowRow,
  flows,
  type Window,
  waiting,
} from './repository.ts';

/** The longest range of one report, in business days (both ends included). */
export const MAX_RANGE_DAYS = 366;
/** Days of the dashboard's series (today included). */
export const SERIES_DAYS = 14;
/** How far back the dashboard looks for break-glass use. */
export const BREAK_GLASS_DAYS = 7;
const BREAK_GLASS_LATEST = 5;

export type GgrGrouping = 'day' | 'category' | 'vendor' | 'game';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A business date ('YYYY-MM-DD') as its day number since the epoch, or null when it is no date. */
export function dayNumber(text: string): number | null {
  const m = DATE.exec(text);
  if (!m) return null;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const d = new Date(ms);
  if (
    d.getUTCFullYear() !== Number(m[1]) ||
    d.getUTCMonth() !== Number(m[2]) - 1 ||
    d.getUTCDate() !== Number(m[3])
  )
    return null;
  return ms / DAY_MS;
}
const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** Sums of a figure: amount and number of transfers. */
interface Sum {
  amountMinor: bigint;
  count: number;
}
const zero = (): Sum => ({ amountMinor: 0n, count: 0 });

/** The figures of a set of flows, by the definitions' roles. */
export class Figures {
  stakes = zero();
  payouts = zero();
  deposits = zero();
  withdrawals = zero();
  deductions: Record<Deduction, bigint> = {
    bonuses: 0n,
    rebates: 0n,
    salaries: 0n,
    dividends: 0n,
    paymentFees: 0n,
  };

  add(f: FlowRow): void {
    const line = lineOf(f.kind);
    if (!line) return;
    // The role's own direction counts positive (and as a transfer), the other one negative.
    const own = countsWhenMemberPays(line.role) === f.memberPays;
    const signed = own ? f.amountMinor : -f.amountMinor;
    const n = own ? f.count : 0;
    const bump = (s: Sum) => {
      s.amountMinor += signed;
      s.count += n;
    };
    if (line.role === 'stake') bump(this.stakes);
    else if (line.role === 'payout') bump(this.payouts);
    else if (line.role === 'deposit') bump(this.deposits);
    else if (line.role === 'withdrawal') bump(this.withdrawals);
    else if (line.deduction) this.deductions[line.deduction] += signed;
  }

  get ggr(): bigint {
    return this.stakes.amountMinor - this.payouts.amountMinor;
  }
  get deductionTotal(): bigint {
    return DEDUCTIONS.reduce((sum, d) => sum + this.deductions[d], 0n);
  }
  get ngr(): bigint {
    return this.ggr - this.deductionTotal;
  }
}

const money = minorToDecimal;

function ggrView(f: Figures) {
  return {
    stakes: money(f.stakes.amountMinor),
    bets: f.stakes.count,
    payouts: money(f.payouts.amountMinor),
    ggr: money(f.ggr),
  };
}
function ngrView(f: Figures) {
  const d = Object.fromEntries(DEDUCTIONS.map((k) => [k, money(f.deductions[k])])) as Record<
    Deduction,
    string
  >;
  return { ...ggrView(f), ...d, ngr: money(f.ngr) };
}
function paymentsView(f: Figures) {
  return {
    deposits: money(f.deposits.amountMinor),
    depositCount: f.deposits.count,
    withdrawals: money(f.withdrawals.amountMinor),
    withdrawalCount: f.withdrawals.count,
    net: money(f.deposits.amountMinor - f.withdrawals.amountMinor),
  };
}

export interface Range {
  from: string;
  to: string;
}

/** The operator's reports and dashboard, read from the ledger (definitions.ts). */
export class Reports {
  constructor(private readonly deps: { database: Database; store: MerchantStore; clock: Clock }) {}

  private async merchantOf(code: string): Promise<MerchantState> {
    const merchant = await this.deps.store.get(code);
    if (!merchant) throw new AppError('merchant.unknown');
    return merchant;
  }

  /** The business days' window of a range, refused when the range is bad. */
  private window(merchant: MerchantState, range: Range): Window & { days: number; first: number } {
    const first = dayNumber(range.from);
    const last = dayNumber(range.to);
    if (first === null) throw new AppError('ops.invalid', 'from is not a date (YYYY-MM-DD)');
    if (last === null) throw new AppError('ops.invalid', 'to is not a date (YYYY-MM-DD)');
    if (first > last) throw new AppError('ops.invalid', 'from is after to');
    const days = last - first + 1;
    if (days > MAX_RANGE_DAYS)
      throw new AppError('ops.invalid', `a report covers at most ${MAX_RANGE_DAYS} days`);
    const off = offsetMs(businessOffset(merchant));
    return {
      fromMs: first * DAY_MS - off,
      toMs: (last + 1) * DAY_MS - off,
      offsetMinutes: off / 60_000,
      days,
      first,
    };
  }

  /** Today's business day number in the merchant's zone. */
  private today(merchant: MerchantState): number {
    const off = offsetMs(businessOffset(merchant));
    return Math.floor((this.deps.clock.now() + off) / DAY_MS);
  }

  /** GGR (and, by day, NGR) of a range, grouped by day, category, vendor or game, with the total. */
  async ggr(code: string, range: Range, by: GgrGrouping) {
    const merchant = await this.merchantOf(code);
    const w = this.window(merchant, range);
    const rows = await flows(this.deps.database.db, code, w, ['stake', 'payout', 'deduction']);
    const catalogue = catalogueOf(merchant);
    const keyOf = (f: FlowRow): string[] | null => {
      if (by === 'day') return [f.day];
      const line = lineOf(f.kind);
      if (line?.role !== 'stake' && line?.role !== 'payout') return null;
      const vendor = f.systemCode.startsWith('HOUSE:') ? f.systemCode.slice('HOUSE:'.length) : f.systemCode;
      if (by === 'vendor') return [vendor];
      if (by === 'game') return [vendor, f.game];
      const v = catalogue.vendor(vendor);
      return [v ? v.category : 'OTHER'];
    };
    const total = new Figures();
    const groups = new Map<string, { key: string[]; figures: Figures }>();
    if (by === 'day')
      for (let d = 0; d < w.days; d++) {
        const day = dateOf(w.first + d);
        groups.set(day, { key: [day], figures: new Figures() });
      }
    for (const f of rows) {
      total.add(f);
      const key = keyOf(f);
      if (!key) continue;
      const id = key.join(' ');
      const g = groups.get(id) ?? { key, figures: new Figures() };
      groups.set(id, g);
      g.figures.add(f);
    }
    const sorted = [...groups.values()].sort((a, b) =>
      by === 'day'
        ? a.key[0]! < b.key[0]!
          ? -1
          : 1
        : Number(b.figures.ggr - a.figures.ggr) || (a.key.join() < b.key.join() ? -1 : 1),
    );
    const rowsOut = sorted.map(({ key, figures }) => {
      const named =
        by === 'day'
          ? { day: key[0]! }
          : by === 'category'
            ? { category: key[0]! }
            : by === 'vendor'
              ? { vendor: key[0]! }
              : { vendor: key[0]!, game: key[1]! };
      return { ...named, ...(by === 'day' ? ngrView(figures) : ggrView(figures)) };
    });
    return {
      report: 'ggr' as const,
      from: range.from,
      to: range.to,
      by,
      rows: rowsOut,
      total: ngrView(total),
    };
  }

  /** Deposits and withdrawals per business day, with counts, and the total. */
  async payments(code: string, range: Range) {
    const merchant = await this.merchantOf(code);
    const w = this.window(merchant, range);
    const rows = await flows(this.deps.database.db, code, w, ['deposit', 'withdrawal']);
    const byDay = new Map<string, Figures>();
    for (let d = 0; d < w.days; d++) byDay.set(dateOf(w.first + d), new Figures());
    const total = new Figures();
    for (const f of rows) {
      total.add(f);
      byDay.get(f.day)?.add(f);
    }
    return {
      report: 'payments' as const,
      from: range.from,
      to: range.to,
      rows: [...byDay].map(([day, f]) => ({ day, ...paymentsView(f) })),
      total: paymentsView(total),
    };
  }

  /**
   * Player P&L: per member stakes, payouts, bonuses (every NGR deduction paid to the member)
   * and the member's net (payouts + bonuses − stakes); the top `limit` by net, the total of all.
   */
  async players(code: string, range: Range, limit: number) {
    const merchant = await this.merchantOf(code);
    const w = this.window(merchant, range);
    const rows = await flows(this.deps.database.db, code, w, ['stake', 'payout', 'deduction'], true);
    const byMember = new Map<number, Figures>();
    const total = new Figures();
    for (const f of rows) {
      if (f.memberId === null) continue;
      total.add(f);
      const m = byMember.get(f.memberId) ?? new Figures();
      byMember.set(f.memberId, m);
      m.add(f);
    }
    const netOf = (f: Figures) => f.payouts.amountMinor + f.deductionTotal - f.stakes.amountMinor;
    const top = [...byMember]
      .sort(([ia, a], [ib, b]) => {
        const d = netOf(b) - netOf(a);
        return d > 0n ? 1 : d < 0n ? -1 : ia - ib;
      })
      .slice(0, limit);
    const accounts = await accountsOf(
      this.deps.database.db,
      code,
      top.map(([id]) => id),
    );
    const view = (f: Figures) => ({
      stakes: money(f.stakes.amountMinor),
      bets: f.stakes.count,
      payouts: money(f.payouts.amountMinor),
      bonuses: money(f.deductionTotal),
      net: money(netOf(f)),
    });
    return {
      report: 'players' as const,
      from: range.from,
      to: range.to,
      players: byMember.size,
      rows: top.map(([id, f]) => ({ memberId: id, account: accounts.get(id) ?? String(id), ...view(f) })),
      total: view(total),
    };
  }

  /** Today's figures in the merchant's business day, what waits, break-glass use and a 14-day series. */
  async dashboard(code: string) {
    const merchant = await this.merchantOf(code);
    const today = this.today(merchant);
    const off = offsetMs(businessOffset(merchant));
    const series = this.window(merchant, { from: dateOf(today - SERIES_DAYS + 1), to: dateOf(today) });
    const todayWindow: Window = {
      fromMs: today * DAY_MS - off,
      toMs: (today + 1) * DAY_MS - off,
      offsetMinutes: off / 60_000,
    };
    const db = this.deps.database.db;
    const [rows, active, queue, breakGlass] = await Promise.all([
      flows(db, code, series, ['stake', 'payout', 'deduction', 'deposit', 'withdrawal']),
      activePlayers(db, code, todayWindow),
      waiting(db, code),
      breakGlassSince(db, code, this.deps.clock.now() - BREAK_GLASS_DAYS * DAY_MS, BREAK_GLASS_LATEST),
    ]);
    const byDay = new Map<string, Figures>();
    for (let d = 0; d < SERIES_DAYS; d++) byDay.set(dateOf(series.first + d), new Figures());
    for (const f of rows) byDay.get(f.day)?.add(f);
    const now = byDay.get(dateOf(today)) ?? new Figures();
    return {
      businessDay: dateOf(today),
      utcOffset: businessOffset(merchant),
      today: {
        deposits: { amount: money(now.deposits.amountMinor), count: now.deposits.count },
        withdrawals: { amount: money(now.withdrawals.amountMinor), count: now.withdrawals.count },
        ggr: money(now.ggr),
        ngr: money(now.ngr),
        activePlayers: active,
      },
      pendingApprovals: queue.pendingApprovals,
      pendingDeposits: {
        count: queue.pendingDeposits.count,
        amount: money(queue.pendingDeposits.amountMinor),
      },
      pendingWithdrawals: {
        count: queue.pendingWithdrawals.count,
        amount: money(queue.pendingWithdrawals.amountMinor),
      },
      heldRiskCredits: {
        count: queue.heldRiskCredits.count,
        amount: money(queue.heldRiskCredits.amountMinor),
      },
      breakGlass: {
        days: BREAK_GLASS_DAYS,
        count: breakGlass.count,
        latest: breakGlass.latest.map((r) => ({
          at: new Date(r.at).toISOString(),
          actor: r.actor,
          action: r.action,
        })),
      },
      series: [...byDay].map(([day, f]) => ({
        day,
        deposits: money(f.deposits.amountMinor),
        withdrawals: money(f.withdrawals.amountMinor),
        ggr: money(f.ggr),
        ngr: money(f.ngr),
      })),
    };
  }
}
