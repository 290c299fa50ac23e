import { z } from 'zod';
import { noBody, noQuery, route } from '../route-def.ts';
import { gameTypeSchema } from './game-types.ts';
import { statementQuerySchema } from './statement.ts';
import { moneyTextSchema } from './wallet.ts';

/**
 * Wagering (issue 16, docs/loyalty.md "Wagering"): every bonus carries a turnover requirement (a
 * multiple of the bonus or of the bonus and its deposit), counted from the valid bets of settled
 * real-money rounds by a contribution per game category, with an expiry. While one is open a
 * withdrawal is refused; the member may forfeit the bonus. The rules are `@aurum/games`
 * loyalty/wagering.ts; the merchant's terms are the `wagering` part of config/loyalty.json.
 */

const decimalText = z
  .union([z.string(), z.number()])
  .transform(String)
  .pipe(z.string().regex(/^\d{1,15}(?:\.\d{1,4})?$/, 'a non-negative decimal'));
const percentText = decimalText.refine((t) => Number(t) <= 100, 'at most 100 (per cent)');

/** Per cent of a valid bet that counts, per game category; a category not listed counts nothing. */
export const wageringContributionsSchema = z.partialRecord(gameTypeSchema, percentText);

/** One kind of bonus's requirement: `multiple` × the base, within `expiryDays` of the grant. */
export const wageringRuleConfigSchema = z.strictObject({
  multiple: decimalText,
  base: z.enum(['bonus', 'bonusAndDeposit']).default('bonus'),
  expiryDays: z.number().int().min(1).max(3650).default(30),
  /** Overrides the merchant's default contributions for this bonus. */
  contributions: wageringContributionsSchema.optional(),
});
export type WageringRuleConfig = z.infer<typeof wageringRuleConfigSchema>;

export const wageringConfigSchema = z.strictObject({
  /** The default contribution per category (lottery two-sided bets: LOTT and ELOTT at 0). */
  contributions: wageringContributionsSchema.default({
    RNG: '100',
    FISH: '100',
    PVP: '100',
    SPORTS: '100',
    ESPORTS: '100',
    COCKFIGHT: '100',
    LIVE: '10',
    LOTT: '0',
    ELOTT: '0',
  }),
  /** Per promotion id; a promotion not listed takes `promotionDefault`. */
  promotions: z.record(z.string(), wageringRuleConfigSchema.nullable()).default({}),
  /** Every promotion bonus (and any other bonus) not listed; null: no requirement. */
  promotionDefault: wageringRuleConfigSchema
    .nullable()
    .default({ multiple: '1', base: 'bonus', expiryDays: 30 }),
  /** VIP upgrade bonuses; null: none. */
  vipUpgrade: wageringRuleConfigSchema.nullable().default(null),
  /** Rebate claims; null (the default): a rebate is the member's at once. */
  rebate: wageringRuleConfigSchema.nullable().default(null),
});
export type WageringConfig = z.infer<typeof wageringConfigSchema>;

export const WAGERING_STATUSES = ['open', 'completed', 'forfeited', 'expired'] as const;
export type WageringStatus = (typeof WAGERING_STATUSES)[number];

export const bonusRequirementSchema = z.object({
  id: z.number().int(),
  /** promotion, vipUpgrade, rebate or bonus (any other). */
  source: z.enum(['promotion', 'vipUpgrade', 'rebate', 'bonus']),
  /** The promotion id, the VIP level ("VIP2"), or the transfer's memo. */
  name: z.string(),
  bonus: moneyTextSchema,
  deposit: moneyTextSchema,
  multiple: z.string(),
  base: z.enum(['bonus', 'bonusAndDeposit']),
  contributions: z.array(z.object({ category: gameTypeSchema, percent: z.string() })),
  required: moneyTextSchema,
  done: moneyTextSchema,
  remaining: moneyTextSchema,
  status: z.enum(WAGERING_STATUSES),
  /** Epoch ms. */
  grantedAt: z.number().int(),
  expiresAt: z.number().int(),
  closedAt: z.number().int().nullable(),
  /** What left the balance on a forfeit or the expiry (at most the bonus). */
  removed: moneyTextSchema.nullable(),
  transferId: z.number().int(),
});
export type BonusRequirement = z.infer<typeof bonusRequirementSchema>;

/** GET /wps/bonus/details: the member's bonuses with their requirements, newest first. */
export const bonusDetailsSchema = z.object({
  /** The turnover still asked by the open requirements (what blocks a withdrawal). */
  remaining: moneyTextSchema,
  open: z.number().int(),
  list: z.array(bonusRequirementSchema),
});
export type BonusDetails = z.infer<typeof bonusDetailsSchema>;

export const bonusForfeitBodySchema = z.strictObject({
  id: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});

export const profitCategorySchema = z.object({
  category: gameTypeSchema,
  validBet: moneyTextSchema,
  payout: moneyTextSchema,
  /** payout − valid bet: positive is the member's win. */
  profit: moneyTextSchema,
  rounds: z.number().int(),
});

/** GET /wps/profit/personal: the member's own profit and loss over a period. */
export const personalProfitSchema = z.object({
  period: z.object({ from: z.number(), to: z.number(), utcOffset: z.string() }),
  categories: z.array(profitCategorySchema),
  validBet: moneyTextSchema,
  payout: moneyTextSchema,
  /** Play only: payouts − valid bets. */
  gameProfit: moneyTextSchema,
  /** Bonuses received net of bonuses forfeited or removed on expiry. */
  bonuses: moneyTextSchema,
  rebates: moneyTextSchema,
  /** gameProfit + bonuses + rebates. */
  total: moneyTextSchema,
});
export type PersonalProfit = z.infer<typeof personalProfitSchema>;

export const wageringRoutes = {
  /** The member's bonuses with their turnover requirements, progress and expiry. */
  bonusDetails: route({
    method: 'GET',
    path: '/wps/bonus/details',
    auth: 'T',
    encrypted: false,
    feature: null,
    query: noQuery,
    body: noBody,
    response: bonusDetailsSchema,
  }),
  /** Gives up an open bonus: the bonus (or what is left of it) goes back; the withdrawal is free. */
  bonusForfeit: route({
    method: 'POST',
    path: '/wps/bonus/forfeit',
    auth: 'T',
    encrypted: false,
    feature: null,
    query: noQuery,
    body: bonusForfeitBodySchema,
    response: bonusRequirementSchema,
  }),
  /** The member's profit and loss by game category over a period of the business time zone. */
  personalProfit: route({
    method: 'GET',
    path: '/wps/profit/personal',
    auth: 'T',
    encrypted: false,
    feature: null,
    query: statementQuerySchema,
    body: noBody,
    response: personalProfitSchema,
  }),
} as const;
