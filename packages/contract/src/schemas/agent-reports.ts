import { z } from 'zod';
import { pageQuerySchema } from './cashier.ts';
import { gameTypeSchema } from './game-types.ts';
import { amountSchema, idempotencyKeySchema, moneyTextSchema } from './wallet.ts';

export { REPORT_PRESETS, type ReportPreset } from '../report-presets.ts';

import { REPORT_PRESETS, type ReportPreset } from '../report-presets.ts';

/**
 * The agent centre's team reports (issue 15): team betting (TRANSBETREPMEM3), user profit and
 * loss (AGETEAMPNL3), downline transactions (AGEDOWNTRANS3) and my income (AGEREV3), each with a
 * CSV export; red envelopes to direct downlines (AGENTRANSMULTDOWN3). Every figure is about the
 * signed-in agent's own team only.
 */

const epochMs = z.coerce.number().int().min(0).max(8_640_000_000_000_000);

/** The period of a report: a preset, or custom with startDate (included) and endDate (excluded). */
const rangeShape = {
  preset: z.enum(REPORT_PRESETS).default('today'),
  startDate: epochMs.optional(),
  endDate: epochMs.optional(),
};
const memberFilter = { account: z.string().trim().min(1).max(32).optional() };

type RangeQuery = { preset: ReportPreset; startDate?: number | undefined; endDate?: number | undefined };
const customNeedsDates = (q: RangeQuery) =>
  q.preset !== 'custom' || (q.startDate !== undefined && q.endDate !== undefined && q.startDate < q.endDate);
const customRule = { path: ['endDate'], message: 'custom needs startDate before endDate' };

export const teamBetsQuerySchema = z
  .strictObject({
    ...rangeShape,
    ...memberFilter,
    ...pageQuerySchema,
    category: z.union([z.literal('ALL'), gameTypeSchema]).default('ALL'),
  })
  .refine(customNeedsDates, customRule);
export const teamPnlQuerySchema = z
  .strictObject({ ...rangeShape, ...memberFilter, ...pageQuerySchema })
  .refine(customNeedsDates, customRule);
export const downlineTransactionsQuerySchema = z
  .strictObject({
    ...rangeShape,
    ...memberFilter,
    ...pageQuerySchema,
    /** A TX_TYPE id. */
    txType: z.coerce.number().int().min(1).max(100).optional(),
  })
  .refine(customNeedsDates, customRule);
export const agentIncomeQuerySchema = z
  .strictObject({ ...rangeShape, ...pageQuerySchema })
  .refine(customNeedsDates, customRule);

/** The period a report covered, as UTC epoch ms [from, to). */
const periodSchema = z.object({ from: z.number(), to: z.number(), utcOffset: z.string() });
const pagedOf = <T extends z.ZodType>(row: T) => ({
  content: z.array(row),
  pageNum: z.number().int(),
  totalPages: z.number().int(),
  total: z.number().int(),
  period: periodSchema,
});

export const teamBetRowSchema = z.object({
  orderNo: z.string(),
  account: z.string(),
  betTime: z.number(),
  gameName: z.string(),
  gameType: z.string(),
  status: z.enum(['open', 'settled', 'cancelled']),
  betAmount: moneyTextSchema,
  validBetAmount: moneyTextSchema,
  winAmount: moneyTextSchema,
  profitAndLoss: moneyTextSchema,
});
export type TeamBetRow = z.infer<typeof teamBetRowSchema>;
export const teamBetsSchema = z.object({
  ...pagedOf(teamBetRowSchema),
  totals: z.object({
    betAmount: moneyTextSchema,
    validBetAmount: moneyTextSchema,
    winAmount: moneyTextSchema,
    profitAndLoss: moneyTextSchema,
  }),
});

/** One member's figures in the period; profitAndLoss is the member's (win − valid bet + rewards − fees). */
export const pnlFiguresSchema = z.object({
  deposit: moneyTextSchema,
  withdrawal: moneyTextSchema,
  bet: moneyTextSchema,
  validBet: moneyTextSchema,
  win: moneyTextSchema,
  rebate: moneyTextSchema,
  salary: moneyTextSchema,
  dividend: moneyTextSchema,
  promotion: moneyTextSchema,
  fees: moneyTextSchema,
  profitAndLoss: moneyTextSchema,
});
export type PnlFigures = z.infer<typeof pnlFiguresSchema>;
export const PNL_COLUMNS = [
  'deposit',
  'withdrawal',
  'bet',
  'validBet',
  'win',
  'rebate',
  'salary',
  'dividend',
  'promotion',
  'fees',
  'profitAndLoss',
] as const satisfies readonly (keyof PnlFigures)[];
export const teamPnlRowSchema = pnlFiguresSchema.extend({ account: z.string(), level: z.number().int() });
export type TeamPnlRow = z.infer<typeof teamPnlRowSchema>;
export const teamPnlSchema = z.object({ ...pagedOf(teamPnlRowSchema), team: pnlFiguresSchema });

export const downlineTransactionSchema = z.object({
  transferId: z.number().int(),
  account: z.string(),
  txTypeId: z.number().int(),
  /** Signed: what the member's account received (+) or paid (−). */
  amount: moneyTextSchema,
  balanceAfter: moneyTextSchema,
  createdAt: z.number(),
});
export type DownlineTransaction = z.infer<typeof downlineTransactionSchema>;
export const downlineTransactionsSchema = z.object(pagedOf(downlineTransactionSchema));

export const agentIncomeRowSchema = z.object({
  transferId: z.number().int(),
  txTypeId: z.number().int(),
  amount: moneyTextSchema,
  memo: z.string().nullable(),
  createdAt: z.number(),
});
export type AgentIncomeRow = z.infer<typeof agentIncomeRowSchema>;
export const agentIncomeSchema = z.object({
  ...pagedOf(agentIncomeRowSchema),
  totals: z.object({
    salary: moneyTextSchema,
    dividend: moneyTextSchema,
    rebate: moneyTextSchema,
    total: moneyTextSchema,
  }),
});

/** GET /wps/agent/reports/csv: one report, every row of the period (no paging), as a CSV file. */
export const AGENT_REPORTS = ['teamBets', 'teamPnl', 'downlineTransactions', 'agentIncome'] as const;
export type AgentReport = (typeof AGENT_REPORTS)[number];
export const agentReportCsvQuerySchema = z
  .strictObject({
    report: z.enum(AGENT_REPORTS),
    ...rangeShape,
    ...memberFilter,
    category: z.union([z.literal('ALL'), gameTypeSchema]).default('ALL'),
    txType: z.coerce.number().int().min(1).max(100).optional(),
  })
  .refine(customNeedsDates, customRule)
  .refine((q) => q.report !== 'agentIncome' || q.account === undefined, {
    path: ['account'],
    message: 'my income has no member filter',
  });
export const agentReportCsvSchema = z.object({ filename: z.string(), csv: z.string() });

// ---------------------------------------------------------------------------------------------
// Red envelopes (AGENTRANSMULTDOWN3)

export const RED_ENVELOPE_SPLITS = ['equal', 'random'] as const;
/** POST /wps/agent/envelopes: a total split among direct downlines, in the order given. */
export const sendRedEnvelopeRequestSchema = z.strictObject({
  recipients: z.array(z.string().trim().min(1).max(32)).min(1).max(100),
  total: amountSchema,
  split: z.enum(RED_ENVELOPE_SPLITS),
  paymentPassword: z.string().min(1).max(64),
  idempotencyKey: idempotencyKeySchema,
});
export const redEnvelopePartSchema = z.object({ account: z.string(), amount: moneyTextSchema });
export const redEnvelopeSchema = z.object({
  id: z.number().int(),
  split: z.enum(RED_ENVELOPE_SPLITS),
  total: moneyTextSchema,
  parts: z.array(redEnvelopePartSchema),
  createdAt: z.number(),
});
export type RedEnvelope = z.infer<typeof redEnvelopeSchema>;
export const redEnvelopesQuerySchema = z.strictObject({ ...pageQuerySchema });
export const redEnvelopesSchema = z.object({
  content: z.array(redEnvelopeSchema),
  pageNum: z.number().int(),
  totalPages: z.number().int(),
  total: z.number().int(),
});

// ---------------------------------------------------------------------------------------------
// Downline actions (DOWNMAN): on a downline anywhere in the agent's team; recall only from a
// direct downline.

const downlineAccount = z.string().trim().min(1).max(32);

/** POST /wps/agent/downline/status: enable or disable a downline (disabling ends its sessions). */
export const downlineStatusRequestSchema = z.strictObject({
  account: downlineAccount,
  status: z.enum(['active', 'disabled']),
});
export const downlineStatusSchema = z.object({ account: z.string(), status: z.enum(['active', 'disabled']) });

/** POST /wps/agent/downline/password-reset: a one-time password, answered once. */
export const downlinePasswordResetRequestSchema = z.strictObject({ account: downlineAccount });
export const downlinePasswordResetSchema = z.object({ account: z.string(), oneTimePassword: z.string() });

/** GET/POST /wps/agent/downline/notes: the agent's own notes on a downline. */
export const downlineNotesQuerySchema = z.strictObject({ account: downlineAccount });
export const downlineNoteRequestSchema = z.strictObject({
  account: downlineAccount,
  body: z.string().trim().min(1).max(1000),
});
export const downlineNoteSchema = z.object({ id: z.number().int(), body: z.string(), createdAt: z.number() });
export type DownlineNote = z.infer<typeof downlineNoteSchema>;
export const downlineNotesSchema = z.array(downlineNoteSchema);

/** POST /wps/agent/downline/message: a personal message into the downline's inbox. */
export const downlineMessageRequestSchema = z.strictObject({
  account: downlineAccount,
  title: z.string().trim().min(1).max(100),
  body: z.string().trim().min(1).max(2000),
});
export const downlineMessageSchema = z.object({ id: z.number().int() });

/** POST /wps/agent/downline/recall: from a direct downline's main wallet to the agent's. */
export const downlineRecallRequestSchema = z.strictObject({
  account: downlineAccount,
  amount: amountSchema,
  paymentPassword: z.string().min(1).max(64),
  idempotencyKey: idempotencyKeySchema,
});
