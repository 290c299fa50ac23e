import { z } from 'zod';
import { REPORT_PRESETS, type ReportPreset } from '../report-presets.ts';
import { noBody, route } from '../route-def.ts';
import { moneyTextSchema } from './wallet.ts';

/**
 * The credit report, read as the member's statement (issue 13): over a period in the merchant's
 * business time zone, per wallet (main and each game wallet) the opening balance, the credits and
 * debits by transaction type and the closing balance, read from the ledger; the withdrawal hold
 * (pending withdrawals) shown apart. Downloadable as CSV and PDF.
 */

const epochMs = z.coerce.number().int().min(0).max(8_640_000_000_000_000);

/** Longest custom period of a statement, in days. */
export const STATEMENT_MAX_DAYS = 366;

type RangeQuery = { preset: ReportPreset; startDate?: number | undefined; endDate?: number | undefined };
const customNeedsDates = (q: RangeQuery) =>
  q.preset !== 'custom' || (q.startDate !== undefined && q.endDate !== undefined && q.startDate < q.endDate);
const customRule = { path: ['endDate'], message: 'custom needs startDate before endDate' };

/** The period: a preset of the business time zone, or custom with startDate (included) and endDate (excluded). */
const rangeShape = {
  preset: z.enum(REPORT_PRESETS).default('thisMonth'),
  startDate: epochMs.optional(),
  endDate: epochMs.optional(),
};

export const statementQuerySchema = z.strictObject(rangeShape).refine(customNeedsDates, customRule);
export const STATEMENT_FORMATS = ['csv', 'pdf'] as const;
export const statementFileQuerySchema = z
  .strictObject({ ...rangeShape, format: z.enum(STATEMENT_FORMATS) })
  .refine(customNeedsDates, customRule);

/** One transaction type's movements on one wallet in the period. */
export const statementTypeSchema = z.object({
  /** A TX_TYPE id. */
  txTypeId: z.number().int(),
  credits: moneyTextSchema,
  /** A positive amount: what left the wallet. */
  debits: moneyTextSchema,
  count: z.number().int(),
});
export type StatementType = z.infer<typeof statementTypeSchema>;

export const statementWalletSchema = z.object({
  /** MAIN, HOLD (pending withdrawals), AGENT or VENDOR:<vendor>. */
  wallet: z.string(),
  /** A game wallet's vendor name; null for the others. */
  vendorName: z.string().nullable(),
  opening: moneyTextSchema,
  credits: moneyTextSchema,
  debits: moneyTextSchema,
  closing: moneyTextSchema,
  count: z.number().int(),
  types: z.array(statementTypeSchema),
});
export type StatementWallet = z.infer<typeof statementWalletSchema>;

export const statementSchema = z.object({
  /** [from, to) as UTC epoch ms, and the business time zone they were taken in. */
  period: z.object({ from: z.number(), to: z.number(), utcOffset: z.string() }),
  currency: z.string(),
  /** The main wallet first, then the agent wallet (if any) and the game wallets by vendor. */
  wallets: z.array(statementWalletSchema),
  /** The withdrawal hold: money set aside for withdrawals not yet paid out. */
  pendingWithdrawals: statementWalletSchema,
});
export type Statement = z.infer<typeof statementSchema>;

/** A downloadable statement: the CSV text, or the PDF as base64. */
export const statementFileSchema = z.object({
  filename: z.string(),
  contentType: z.enum(['text/csv', 'application/pdf']),
  /** csv: the text; pdf: base64. */
  data: z.string(),
});

export const statementRoutes = {
  /** The member's statement (the credit report) over a period: per wallet opening, types, closing. */
  statement: route({
    method: 'GET',
    path: '/wps/member/statement',
    auth: 'T',
    encrypted: false,
    feature: null,
    query: statementQuerySchema,
    body: noBody,
    response: statementSchema,
  }),
  /** The statement with every movement, as CSV or PDF (in the member's language; PDF type labels in English). */
  statementFile: route({
    method: 'GET',
    path: '/wps/member/statement/file',
    auth: 'T',
    encrypted: false,
    feature: null,
    query: statementFileQuerySchema,
    body: noBody,
    response: statementFileSchema,
  }),
};
