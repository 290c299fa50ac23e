import {
  type AgentReport,
  type agentIncomeQuerySchema,
  type agentIncomeSchema,
  type agentReportCsvQuerySchema,
  type downlineTransactionsQuerySchema,
  type downlineTransactionsSchema,
  type FeatureKey,
  type Language,
  minorToDecimal,
  PNL_COLUMNS,
  type PnlFigures,
  type TeamBetRow,
  TX_TYPE,
  type teamBetsQuerySchema,
  type teamBetsSchema,
  type teamPnlQuerySchema,
  type teamPnlSchema,
} from '@aurum/contract';
import type { z } from 'zod';
import type { MemberRow } from '../../db/schema.ts';
import type { Clock } from '../../platform/clock.ts';
import { toCsv } from '../../platform/csv.ts';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { MerchantState } from '../../platform/merchants.ts';
import { catalogueOf, gameName } from '../games/index.ts';
import { businessOffset, offsetMs } from './business-day.ts';
import { type ReportPeriod, reportPeriod } from './report-periods.ts';
import {
  agentIncome,
  INCOME_KINDS,
  type MemberFigures,
  memberFigures,
  type TeamScope,
  teamBets,
  teamTransactions,
} from './reports-repository.ts';
import { requireAgent } from './service.ts';

type BetsQuery = z.output<typeof teamBetsQuerySchema>;
type PnlQuery = z.output<typeof teamPnlQuerySchema>;
type TransactionsQuery = z.output<typeof downlineTransactionsQuerySchema>;
type IncomeQuery = z.output<typeof agentIncomeQuerySchema>;
type CsvQuery = z.output<typeof agentReportCsvQuerySchema>;

/** Downline transactions reach back at most this many days. */
export const TRANSACTIONS_MAX_DAYS = 90;
const DAY_MS = 86_400_000;

/** Each report's feature key: off, its page is hidden and its calls (and its CSV) refused. */
export const REPORT_FEATURES: Record<AgentReport, FeatureKey> = {
  teamBets: 'TRANSBETREPMEM3',
  teamPnl: 'AGETEAMPNL3',
  downlineTransactions: 'AGEDOWNTRANS3',
  agentIncome: 'AGEREV3',
};

const pageOf = (q: { page: number; size: number }) => ({ limit: q.size, offset: (q.page - 1) * q.size });

/**
 * The agent's team reports: team betting, user profit and loss, downline transactions and my
 * income, over the signed-in agent's own subtree only (every query starts from its path range;
 * a member filter names a member inside it or matches nothing), in the merchant's business days.
 */
export class AgentReports {
  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
  ) {}

  async teamBets(merchant: MerchantState, member: MemberRow, q: BetsQuery, language: Language) {
    const { scope, period, utcOffset } = this.start(merchant, member, q, 'teamBets');
    const catalogue = catalogueOf(merchant);
    const vendors = q.category === 'ALL' ? null : catalogue.vendorCodes(q.category);
    const { rows, totals } = await teamBets(this.database.db, scope, period, vendors, pageOf(q));
    const value: z.input<typeof teamBetsSchema> = {
      content: rows.map((r): TeamBetRow => {
        const entry = catalogue.gameOf(r.vendor, r.gameCode);
        const settled = r.status === 'settled';
        return {
          orderNo: r.orderNo,
          account: r.account,
          betTime: r.openedAt,
          gameName: entry ? gameName(entry.game, language) : r.gameCode,
          gameType: catalogue.vendor(r.vendor)?.category ?? 'RNG',
          status: r.status,
          betAmount: minorToDecimal(r.betMinor),
          validBetAmount: minorToDecimal(settled ? r.betMinor : 0n),
          winAmount: minorToDecimal(r.winMinor),
          profitAndLoss: minorToDecimal(settled ? r.winMinor - r.betMinor : 0n),
        };
      }),
      pageNum: q.page,
      totalPages: Math.ceil(totals.rounds / q.size),
      total: totals.rounds,
      period: { from: period.fromMs, to: period.toMs, utcOffset },
      totals: {
        betAmount: minorToDecimal(totals.betMinor),
        validBetAmount: minorToDecimal(totals.validBetMinor),
        winAmount: minorToDecimal(totals.winMinor),
        profitAndLoss: minorToDecimal(totals.winMinor - totals.validBetMinor),
      },
    };
    return value;
  }

  async teamPnl(merchant: MerchantState, member: MemberRow, q: PnlQuery) {
    const { root, scope, period, utcOffset } = this.start(merchant, member, q, 'teamPnl');
    const figures = await memberFigures(this.database.db, scope, period);
    const offset = (q.page - 1) * q.size;
    const value: z.input<typeof teamPnlSchema> = {
      content: figures
        .slice(offset, offset + q.size)
        .map((f) => ({ account: f.account, level: f.depth - root.depth, ...present(pnlOf(f)) })),
      pageNum: q.page,
      totalPages: Math.ceil(figures.length / q.size),
      total: figures.length,
      period: { from: period.fromMs, to: period.toMs, utcOffset },
      team: present(sumPnl(figures.map(pnlOf))),
    };
    return value;
  }

  async downlineTransactions(merchant: MerchantState, member: MemberRow, q: TransactionsQuery) {
    const { scope, period, utcOffset } = this.start(merchant, member, q, 'downlineTransactions');
    const { rows, total } = await teamTransactions(
      this.database.db,
      { ...scope, downlinesOnly: true },
      period,
      q.txType,
      pageOf(q),
    );
    const value: z.input<typeof downlineTransactionsSchema> = {
      content: rows.map((r) => ({
        transferId: r.transferId,
        account: r.account,
        txTypeId: r.kind,
        amount: minorToDecimal(r.amountMinor),
        balanceAfter: minorToDecimal(r.balanceAfterMinor),
        createdAt: r.createdAt,
      })),
      pageNum: q.page,
      totalPages: Math.ceil(total / q.size),
      total,
      period: { from: period.fromMs, to: period.toMs, utcOffset },
    };
    return value;
  }

  async income(merchant: MerchantState, member: MemberRow, q: IncomeQuery) {
    const { root, period, utcOffset } = this.start(merchant, member, q, 'agentIncome');
    const { rows, total, totals } = await agentIncome(this.database.db, root, period, pageOf(q));
    const of = (kind: number) => totals.get(kind) ?? 0n;
    const value: z.input<typeof agentIncomeSchema> = {
      content: rows.map((r) => ({
        transferId: r.transferId,
        txTypeId: r.kind,
        amount: minorToDecimal(r.amountMinor),
        memo: r.memo,
        createdAt: r.createdAt,
      })),
      pageNum: q.page,
      totalPages: Math.ceil(total / q.size),
      total,
      period: { from: period.fromMs, to: period.toMs, utcOffset },
      totals: {
        salary: minorToDecimal(of(TX_TYPE.salary)),
        dividend: minorToDecimal(of(TX_TYPE.dividend)),
        rebate: minorToDecimal(of(TX_TYPE.rebate)),
        total: minorToDecimal(INCOME_KINDS.reduce((s, k) => s + of(k), 0n)),
      },
    };
    return value;
  }

  /** One report, every row of its period, as CSV (the team's total as the last row where it has one). */
  async csv(merchant: MerchantState, member: MemberRow, q: CsvQuery, language: Language) {
    const { root, scope, period } = this.start(merchant, member, q, q.report);
    const db = this.database.db;
    const day = (ms: number) => new Date(ms + offsetOf(merchant)).toISOString().slice(0, 10);
    const filename = `${q.report}-${day(period.fromMs)}-${day(period.toMs - 1)}.csv`;
    const time = (ms: number) => new Date(ms).toISOString();
    switch (q.report) {
      case 'teamBets': {
        const catalogue = catalogueOf(merchant);
        const vendors = q.category === 'ALL' ? null : catalogue.vendorCodes(q.category);
        const { rows } = await teamBets(db, scope, period, vendors, null);
        const header = [
          'orderNo',
          'account',
          'betTime',
          'game',
          'gameType',
          'status',
          'bet',
          'validBet',
          'win',
          'profitAndLoss',
        ];
        return {
          filename,
          csv: toCsv(
            header,
            rows.map((r) => {
              const entry = catalogue.gameOf(r.vendor, r.gameCode);
              const settled = r.status === 'settled';
              return [
                r.orderNo,
                r.account,
                time(r.openedAt),
                entry ? gameName(entry.game, language) : r.gameCode,
                catalogue.vendor(r.vendor)?.category ?? 'RNG',
                r.status,
                minorToDecimal(r.betMinor),
                minorToDecimal(settled ? r.betMinor : 0n),
                minorToDecimal(r.winMinor),
                minorToDecimal(settled ? r.winMinor - r.betMinor : 0n),
              ];
            }),
          ),
        };
      }
      case 'teamPnl': {
        const figures = await memberFigures(db, scope, period);
        const line = (account: string, level: number | '', p: PnlFigures) => [
          account,
          level,
          ...PNL_COLUMNS.map((c) => p[c]),
        ];
        const rows = figures.map((f) => line(f.account, f.depth - root.depth, present(pnlOf(f))));
        rows.push(line('TOTAL', '', present(sumPnl(figures.map(pnlOf)))));
        return { filename, csv: toCsv(['account', 'level', ...PNL_COLUMNS], rows) };
      }
      case 'downlineTransactions': {
        const { rows } = await teamTransactions(
          db,
          { ...scope, downlinesOnly: true },
          period,
          q.txType,
          null,
        );
        return {
          filename,
          csv: toCsv(
            ['transferId', 'account', 'txTypeId', 'amount', 'balanceAfter', 'createdAt'],
            rows.map((r) => [
              r.transferId,
              r.account,
              r.kind,
              minorToDecimal(r.amountMinor),
              minorToDecimal(r.balanceAfterMinor),
              time(r.createdAt),
            ]),
          ),
        };
      }
      case 'agentIncome': {
        const { rows } = await agentIncome(db, root, period, null);
        return {
          filename,
          csv: toCsv(
            ['transferId', 'txTypeId', 'amount', 'memo', 'createdAt'],
            rows.map((r) => [
              r.transferId,
              r.kind,
              minorToDecimal(r.amountMinor),
              r.memo ?? '',
              time(r.createdAt),
            ]),
          ),
        };
      }
    }
  }

  /** The gate (an agent, the report's key on), its team scope and its period. */
  private start(
    merchant: MerchantState,
    member: MemberRow,
    q: {
      preset: BetsQuery['preset'];
      startDate?: number | undefined;
      endDate?: number | undefined;
      account?: string | undefined;
    },
    report: AgentReport,
  ): { root: ReturnType<typeof requireAgent>; scope: TeamScope; period: ReportPeriod; utcOffset: string } {
    const root = requireAgent(merchant, member);
    if (!merchant.features.has(REPORT_FEATURES[report])) throw new AppError('feature.disabled');
    const utcOffset = businessOffset(merchant);
    const now = this.clock.now();
    const period = reportPeriod(
      q,
      now,
      utcOffset,
      report === 'downlineTransactions' ? TRANSACTIONS_MAX_DAYS : undefined,
    );
    // Downline transactions reach back 90 days from now, whatever the range asks.
    if (report === 'downlineTransactions') {
      period.fromMs = Math.max(period.fromMs, now - TRANSACTIONS_MAX_DAYS * DAY_MS);
      if (period.toMs < period.fromMs) period.toMs = period.fromMs;
    }
    return { root, scope: { root, account: q.account }, period, utcOffset };
  }
}

const offsetOf = (merchant: MerchantState) => offsetMs(businessOffset(merchant));

type PnlMinor = Record<keyof PnlFigures, bigint>;

/**
 * A member's figures: deposits and withdrawals as the member moved them, play from the record of
 * play, rewards received, fees paid. P&L is the member's: win − valid bet + rebate + salary +
 * dividend + promotion − fees. Payment fees have no ledger type yet (no gateway charges one), so
 * they are zero until one does (modules/reports/definitions.ts says the same).
 */
function pnlOf(f: MemberFigures): PnlMinor {
  const net = (kind: number) => f.netByKind.get(kind) ?? 0n;
  const p = {
    deposit: net(TX_TYPE.deposit),
    withdrawal: -net(TX_TYPE.withdrawal),
    bet: f.betMinor,
    validBet: f.validBetMinor,
    win: f.winMinor,
    rebate: net(TX_TYPE.rebate),
    salary: net(TX_TYPE.salary),
    dividend: net(TX_TYPE.dividend),
    promotion: net(TX_TYPE.bonus),
    fees: 0n,
    profitAndLoss: 0n,
  };
  p.profitAndLoss = p.win - p.validBet + p.rebate + p.salary + p.dividend + p.promotion - p.fees;
  return p;
}

function sumPnl(list: PnlMinor[]): PnlMinor {
  const total = Object.fromEntries(PNL_COLUMNS.map((c) => [c, 0n])) as PnlMinor;
  for (const p of list) for (const c of PNL_COLUMNS) total[c] += p[c];
  return total;
}

const present = (p: PnlMinor): PnlFigures =>
  Object.fromEntries(PNL_COLUMNS.map((c) => [c, minorToDecimal(p[c])])) as PnlFigures;
