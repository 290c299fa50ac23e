import {
  type Language,
  minorToDecimal,
  STATEMENT_MAX_DAYS,
  type Statement,
  type StatementWallet,
  type statementFileQuerySchema,
  type statementFileSchema,
  type statementQuerySchema,
} from '@aurum/contract';
import type { z } from 'zod';
import type { MemberRow } from '../../db/schema.ts';
import type { Clock } from '../../platform/clock.ts';
import { toCsv } from '../../platform/csv.ts';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { MerchantState } from '../../platform/merchants.ts';
import { requireRealAccount } from '../accounts/index.ts';
import { businessOffset, reportPeriod } from '../agents/index.ts';
import { catalogueOf } from '../games/index.ts';
import { type StatementLine, type StatementMoves, statementMoves } from '../wallet/index.ts';
import { statementPdf } from './statement-pdf.ts';
import {
  businessTime,
  type StatementTexts,
  statementTexts,
  typeName,
  walletLabel,
} from './statement-texts.ts';

type StatementQuery = z.output<typeof statementQuerySchema>;
type FileQuery = z.output<typeof statementFileQuerySchema>;
type StatementFile = z.input<typeof statementFileSchema>;

/** A statement file lists at most this many movements; a longer period is refused (choose a shorter one). */
export const STATEMENT_MAX_LINES = 20_000;

/** A statement wallet and its movements, for the files. */
export interface StatementSection extends StatementWallet {
  lines: StatementLine[];
}

/** What the files are made from: the statement, its words and every movement per wallet. */
export interface StatementDocument {
  statement: Statement;
  account: string;
  /** The language of the words (the PDF picks its fonts by it). */
  language: Language;
  texts: StatementTexts;
  sections: StatementSection[];
  pending: StatementSection;
  /** When the statement was made (epoch ms). */
  madeAt: number;
}

const WALLET_ORDER = (w: string) => (w === 'MAIN' ? 0 : w === 'AGENT' ? 1 : 2);

const businessDate = (ms: number, utcOffset: string) => businessTime(ms, utcOffset).slice(0, 10);

function walletOf(merchant: MerchantState, moves: StatementMoves, wallet: string): StatementWallet {
  const balance = moves.balances.find((b) => b.wallet === wallet);
  const types = moves.types.filter((t) => t.wallet === wallet).sort((a, b) => a.kind - b.kind);
  const sum = (pick: (t: (typeof types)[number]) => bigint) => types.reduce((s, t) => s + pick(t), 0n);
  const vendor = wallet.startsWith('VENDOR:') ? wallet.slice('VENDOR:'.length) : null;
  return {
    wallet,
    vendorName: vendor ? (catalogueOf(merchant).vendor(vendor)?.vendor.name ?? vendor) : null,
    opening: minorToDecimal(balance?.openingMinor ?? 0n),
    credits: minorToDecimal(sum((t) => t.creditsMinor)),
    debits: minorToDecimal(sum((t) => t.debitsMinor)),
    closing: minorToDecimal(balance?.closingMinor ?? 0n),
    count: types.reduce((n, t) => n + t.count, 0),
    types: types.map((t) => ({
      txTypeId: t.kind,
      credits: minorToDecimal(t.creditsMinor),
      debits: minorToDecimal(t.debitsMinor),
      count: t.count,
    })),
  };
}

/** A wallet the member never had and that nothing moved: left out (the main wallet never is). */
const idle = (w: StatementWallet) =>
  w.wallet !== 'MAIN' && w.count === 0 && Number(w.opening) === 0 && Number(w.closing) === 0;

/**
 * The member's statement (the credit report): over a period of the merchant's business time zone,
 * per wallet the opening balance, the credits and debits by transaction type and the closing
 * balance, and the withdrawal hold apart; as JSON for the page, as CSV or PDF with every movement.
 * Read from the ledger (wallet module), always the signed-in member's own.
 */
export class MemberStatements {
  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
  ) {}

  private async read(merchant: MerchantState, member: MemberRow, q: StatementQuery, lineLimit?: number) {
    requireRealAccount(merchant, member);
    const utcOffset = businessOffset(merchant);
    const period = reportPeriod(q, this.clock.now(), utcOffset, STATEMENT_MAX_DAYS);
    const moves = await statementMoves(this.database, {
      merchant: merchant.code,
      memberId: member.id,
      from: new Date(period.fromMs),
      to: new Date(period.toMs),
      ...(lineLimit === undefined ? {} : { lineLimit }),
    });
    const names = new Set([...moves.balances.map((b) => b.wallet), ...moves.types.map((t) => t.wallet)]);
    names.add('MAIN');
    names.delete('HOLD');
    const wallets = [...names]
      .sort((a, b) => WALLET_ORDER(a) - WALLET_ORDER(b) || a.localeCompare(b))
      .map((w) => walletOf(merchant, moves, w))
      .filter((w) => !idle(w));
    const statement: Statement = {
      period: { from: period.fromMs, to: period.toMs, utcOffset },
      currency: merchant.config.brand.currency,
      wallets,
      pendingWithdrawals: walletOf(merchant, moves, 'HOLD'),
    };
    return { statement, moves };
  }

  async statement(merchant: MerchantState, member: MemberRow, q: StatementQuery): Promise<Statement> {
    return (await this.read(merchant, member, q)).statement;
  }

  /** The statement with every movement, as CSV (the member's language) or PDF. */
  async file(
    merchant: MerchantState,
    member: MemberRow,
    q: FileQuery,
    language: Language,
  ): Promise<StatementFile> {
    const { format, ...range } = q;
    const { statement, moves } = await this.read(merchant, member, range, STATEMENT_MAX_LINES);
    if (!moves.lines) {
      throw new AppError('request.invalid', undefined, {
        startDate: `more than ${STATEMENT_MAX_LINES} movements: choose a shorter period`,
      });
    }
    const lines = moves.lines;
    const section = (w: StatementWallet): StatementSection => ({
      ...w,
      lines: lines.filter((l) => l.wallet === w.wallet),
    });
    const document: StatementDocument = {
      statement,
      account: member.account,
      language,
      texts: statementTexts(language),
      sections: statement.wallets.map(section),
      pending: section(statement.pendingWithdrawals),
      madeAt: this.clock.now(),
    };
    const { from, to, utcOffset } = statement.period;
    const name = `statement-${member.account}-${businessDate(from, utcOffset)}-${businessDate(to - 1, utcOffset)}`;
    if (format === 'csv') {
      return { filename: `${name}.csv`, contentType: 'text/csv', data: statementCsv(document) };
    }
    const pdf = await statementPdf(document);
    return {
      filename: `${name}.pdf`,
      contentType: 'application/pdf',
      data: Buffer.from(pdf).toString('base64'),
    };
  }
}

/** A text a spreadsheet would read as a formula starts with a quote instead. */
const text = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/**
 * The CSV: the statement's heading, a summary block (per wallet the opening balance, each type's
 * credits and debits, the closing balance) and a movements block (every entry, per wallet oldest
 * first, with the balance after it). Amounts are decimals in the currency, debits negative in the
 * movements.
 */
export function statementCsv(d: StatementDocument): string {
  const h = d.texts.headers;
  const { from, to, utcOffset } = d.statement.period;
  const rows: (string | number)[][] = [
    [h.member, d.account],
    [h.period, businessTime(from, utcOffset), businessTime(to, utcOffset)],
    [h.timeZone, `UTC${utcOffset}`],
    [h.currency, d.statement.currency],
    [],
    [h.summary],
    [h.wallet, h.type, h.count, h.credits, h.debits, h.opening, h.closing],
  ];
  for (const s of [...d.sections, d.pending]) {
    const label = text(walletLabel(d.texts, s));
    rows.push([label, h.opening, '', '', '', s.opening, '']);
    for (const t of s.types)
      rows.push([label, typeName(d.texts, t.txTypeId), t.count, t.credits, t.debits, '', '']);
    rows.push([label, h.closing, s.count, s.credits, s.debits, s.opening, s.closing]);
  }
  rows.push([], [h.movements], [h.wallet, h.time, h.transfer, h.type, h.amount, h.balanceAfter, h.remark]);
  for (const s of [...d.sections, d.pending]) {
    const label = text(walletLabel(d.texts, s));
    for (const l of s.lines) {
      rows.push([
        label,
        businessTime(l.createdAt.getTime(), utcOffset),
        l.transferId,
        typeName(d.texts, l.kind),
        minorToDecimal(l.amountMinor),
        minorToDecimal(l.balanceAfterMinor),
        text(l.memo ?? ''),
      ]);
    }
  }
  return toCsv([h.statement], rows);
}
