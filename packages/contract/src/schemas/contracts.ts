import { z } from 'zod';
import { REPORT_PRESETS } from '../report-presets.ts';
import { pageQuerySchema } from './cashier.ts';
import { moneyTextSchema } from './wallet.ts';

/**
 * Agent contracts (issue 15, spec §3 Contracts, §4): an upline offers a direct downline a
 * dividend, daily, hourly or real-time salary contract; the downline accepts, rejects or later
 * asks to terminate. Each active contract is settled once per period into a bill paid through
 * the ledger. The rules (tiers, the differential) are `@aurum/games` contracts.
 */

export const CONTRACT_KINDS = ['daily', 'hourly', 'realtime', 'dividend'] as const;
export type ContractKind = (typeof CONTRACT_KINDS)[number];

export const CONTRACT_STATES = [
  'pending',
  'active',
  'rejected',
  'termination-requested',
  'modification-pending',
  'terminated',
] as const;
export type ContractState = (typeof CONTRACT_STATES)[number];

/**
 * pending → partly-paid → paid (or written-off by the operator): paid by the settlement. With the
 * merchant's DAYSALMR on, a daily-salary bill is claimed by hand instead: claimable until the
 * member claims it (claimed), the operator rejects it (rejected) or its claim window passes
 * (expired).
 */
export const BILL_STATES = [
  'pending',
  'partly-paid',
  'paid',
  'written-off',
  'claimable',
  'claimed',
  'rejected',
  'expired',
] as const;
export type BillState = (typeof BILL_STATES)[number];

/** The figures a tier may ask for (the engine's TIER_FIGURES). */
export const CONTRACT_TIER_FIGURES = ['validBet', 'pnl', 'active', 'teamBet', 'playerBet'] as const;

const decimalText = z
  .union([z.string(), z.number()])
  .transform(String)
  .pipe(z.string().regex(/^\d{1,15}(?:\.\d{1,4})?$/, 'a non-negative decimal'));

/**
 * One tier as the configuration and an offer write it: thresholds over the period's figures and
 * a per cent ("1.5") or a fixed amount; real-time salary tiers add the win rate. The engine
 * checks the rest (thresholds going up, rates at most the upline's own).
 */
export const contractTierSchema = z.strictObject({
  min: z.partialRecord(z.enum(CONTRACT_TIER_FIGURES), decimalText),
  percent: decimalText.optional(),
  fixed: decimalText.optional(),
  winPercent: decimalText.optional(),
});

export const DIVIDEND_PERIODS = ['daily', 'weekly', 'half-monthly', 'monthly'] as const;
export type DividendPeriodKind = (typeof DIVIDEND_PERIODS)[number];

/** A contract's terms: its tiers and, by kind, its period, unit, carry and fees. */
export const contractTermsSchema = z.strictObject({
  tiers: z.array(contractTierSchema).min(1).max(20),
  /** Dividends: the settlement period. */
  period: z.enum(DIVIDEND_PERIODS).optional(),
  /** Dividends: 0 no carry, 1 a negative P&L carries on, 2 as 1 but reset each month. */
  carryMode: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional(),
  /** Dividends: per cent of the period's valid bet taken from the P&L before the tiers. */
  serviceFee: decimalText.optional(),
  /** Dividends: per cent of the period's deposits the agent bears. */
  depositFee: decimalText.optional(),
  /** Hourly salary: the team bet counts in whole units of this amount. */
  unit: decimalText.optional(),
  /** Hourly salary: hourly or half-hourly slots. */
  slot: z.enum(['hour', 'half-hour']).optional(),
});
export type ContractTerms = z.infer<typeof contractTermsSchema>;

/**
 * config/contracts.json: which contract pages the brand offers (spec §6: enableCt, salary,
 * hourSalary, agentRealtimeSalary), who counts as an active member, and the terms a top agent
 * holds from the merchant's house for each kind (none: top agents hold no contract of it).
 */
export const contractsConfigSchema = z.object({
  /** Dividend contracts (agentDividendRecordCopy2). */
  enableCt: z.boolean().default(true),
  /** Daily salary (agentDailyWages2). */
  salary: z.boolean().default(true),
  /** Hourly salary (agentHourSalary). */
  hourSalary: z.boolean().default(true),
  /** Real-time salary (agentRealtimeSalary). */
  agentRealtimeSalary: z.boolean().default(true),
  /** A team member is active in a period with this valid bet, or these deposits, in it. */
  activeMember: z
    .object({ validBet: decimalText.default('1000'), deposit: decimalText.default('100') })
    .prefault({}),
  house: z.partialRecord(z.enum(CONTRACT_KINDS), contractTermsSchema).default({}),
  /** DAYSALMR (daily salary claimed by hand): days a settled bill may be claimed (then expired). */
  claimDays: z.number().int().min(1).max(90).default(7),
});
export type ContractsConfig = z.infer<typeof contractsConfigSchema>;

export const contractKindSchema = z.enum(CONTRACT_KINDS);

/** GET /wps/agent/contracts. */
export const contractsQuerySchema = z.strictObject({ kind: contractKindSchema.optional() });

export const contractSchema = z.object({
  id: z.number().int(),
  kind: contractKindSchema,
  /** held: the caller is the downline (it is paid); offered: the caller is the upline (it pays). */
  role: z.enum(['held', 'offered']),
  /** The upline's account; null: the merchant's house (a top agent's own terms). */
  upline: z.string().nullable(),
  downline: z.string(),
  terms: contractTermsSchema,
  state: z.enum(CONTRACT_STATES),
  /** Who asked to terminate, while termination-requested. */
  terminationBy: z.enum(['upline', 'downline']).nullable(),
  /** The contract this offer would replace (a modification). */
  replaces: z.number().int().nullable(),
  createdAt: z.number(),
  acceptedAt: z.number().nullable(),
  endedAt: z.number().nullable(),
});
export type Contract = z.infer<typeof contractSchema>;

export const contractListSchema = z.object({
  held: z.array(contractSchema),
  offered: z.array(contractSchema),
});

/** POST /wps/agent/contracts: offer a direct downline a contract (pending until it answers). */
export const offerContractRequestSchema = z.strictObject({
  downline: z.string().trim().min(1).max(32),
  kind: contractKindSchema,
  terms: contractTermsSchema,
});

/**
 * PUT /wps/agent/contracts: accept, reject or terminate. accept/reject answer a pending offer (the
 * downline) or a termination request (the other party); terminate asks to end an active contract.
 * An offer that would leave the downline's own offers above its new rate answers a warning and
 * changes nothing; with `confirm` those contracts are terminated and the offer accepted.
 */
export const contractActionRequestSchema = z.strictObject({
  id: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  action: z.enum(['accept', 'reject', 'terminate']),
  confirm: z.boolean().optional(),
});
export const contractActionValueSchema = z.object({
  contract: contractSchema,
  /** Set when nothing changed: the downline's contracts that accepting would terminate. */
  warning: z
    .object({ terminates: z.array(z.object({ id: z.number().int(), downline: z.string() })) })
    .nullable(),
  /** The downline's contracts terminated by this acceptance. */
  terminated: z.array(z.number().int()),
});

/** GET /wps/agent/contracts/bills: settlements of the contracts I hold or offer. */
const epochMs = z.coerce.number().int().min(0).max(8_640_000_000_000_000);
export const contractBillsQuerySchema = z
  .strictObject({
    ...pageQuerySchema,
    kind: contractKindSchema.optional(),
    role: z.enum(['held', 'offered']).optional(),
    /**
     * Bills made (settled) in this period of the business zone, as the team reports read their
     * presets; custom takes startDate (included) and endDate (excluded). None: every bill.
     */
    preset: z.enum(REPORT_PRESETS).optional(),
    startDate: epochMs.optional(),
    endDate: epochMs.optional(),
  })
  .refine(
    (q) =>
      q.preset !== 'custom' ||
      (q.startDate !== undefined && q.endDate !== undefined && q.startDate < q.endDate),
    { path: ['endDate'], message: 'custom needs startDate before endDate' },
  );
export const contractBillSchema = z.object({
  id: z.number().int(),
  contractId: z.number().int(),
  kind: contractKindSchema,
  role: z.enum(['held', 'offered']),
  period: z.string(),
  upline: z.string().nullable(),
  downline: z.string(),
  /** The team's figures for the period: teamBet / validBet / pnl as amounts, active a count. */
  figures: z.record(z.string(), z.union([z.string(), z.number()])),
  tier: z.number().int().nullable(),
  /** What the contract pays the downline for the period. */
  amount: moneyTextSchema,
  /** The downline's differential: its amount less what its own downlines' contracts pay them. */
  net: z.string(),
  paid: moneyTextSchema,
  owed: moneyTextSchema,
  state: z.enum(BILL_STATES),
  createdAt: z.number(),
});

/**
 * GET /wps/agent/contracts/claims (DAYSALMR): my daily-salary bills to claim by hand, newest
 * first: claimable (with the time the claim window ends), claimed, rejected (with the
 * operator's reason) or expired.
 */
export const salaryClaimsQuerySchema = z.strictObject({
  ...pageQuerySchema,
  state: z.enum(['claimable', 'claimed', 'rejected', 'expired']).optional(),
});
export const salaryClaimSchema = z.object({
  id: z.number().int(),
  period: z.string(),
  /** Who pays: the upline's account, null for the house. */
  upline: z.string().nullable(),
  amount: moneyTextSchema,
  state: z.enum(['claimable', 'claimed', 'rejected', 'expired']),
  /** The end of the claim window. */
  claimUntil: z.number(),
  claimedAt: z.number().nullable(),
  /** Why the operator rejected it. */
  reason: z.string().nullable(),
  createdAt: z.number(),
});
export type SalaryClaim = z.infer<typeof salaryClaimSchema>;
/** POST /wps/agent/contracts/claims: claim one claimable bill (paid once, however often asked). */
export const claimSalaryRequestSchema = z.strictObject({
  id: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});

/** A request waiting for the caller's answer: an offer to it, or a termination asked of it. */
export const contractRequestSchema = z.object({
  id: z.number().int(),
  type: z.enum(['new', 'modification', 'termination']),
  /** The other party's account (null: the house). */
  from: z.string().nullable(),
  createdAt: z.number(),
});

/** GET /wps/agent/contracts/info: the consolidated contract info (spec §3) and session keys. */
export const contractInfoSchema = z.object({
  dailysalreqtype: z.array(contractRequestSchema),
  divtypereq: z.array(contractRequestSchema),
  contracthoursalreqs: z.array(contractRequestSchema),
  realtimesalreqtype: z.array(contractRequestSchema),
  /** Session key: a salary contract page is on for this member (daily, hourly or real-time). */
  enableSalary: z.boolean(),
  /** Session key: dividend contracts are on for this member. */
  enableContract: z.boolean(),
  /** The kinds whose pages and calls are on. */
  kinds: z.array(contractKindSchema),
});
