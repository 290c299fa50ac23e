import { z } from 'zod';
import { noBody, noQuery, route } from '../route-def.ts';
import { paged, pageQuerySchema } from './cashier.ts';
import { gameTypeSchema } from './game-types.ts';
import { localizedTextSchema } from './localized.ts';
import { missionsConfigSchema } from './missions.ts';
import { pointsConfigSchema } from './points.ts';
import { referralConfigSchema } from './referral.ts';
import { rewardCenterConfigSchema } from './rewards.ts';
import { wageringConfigSchema } from './wagering.ts';
import { moneyTextSchema } from './wallet.ts';

/**
 * Loyalty (issue 16, docs/loyalty.md): VIP ranks and rebates. The rules are `@aurum/games`
 * loyalty (vip.ts, rebate.ts); the merchant's levels and rates are `config/loyalty.json`, kept in
 * the database with the rest of the merchant's configuration and checked whole when loaded.
 */

/** The figures an upgrade or keep condition reads (the engine's VIP_CONDITIONS). */
export const VIP_CONDITION_KEYS = [
  'totalDeposit',
  'monthlyDeposit',
  'depositCount',
  'totalBet',
  'monthlyBet',
] as const;
export type VipConditionKey = (typeof VIP_CONDITION_KEYS)[number];

const decimalText = z
  .union([z.string(), z.number()])
  .transform(String)
  .pipe(z.string().regex(/^\d{1,15}(?:\.\d{1,4})?$/, 'a non-negative decimal'));
const conditionsSchema = z.partialRecord(z.enum(VIP_CONDITION_KEYS), decimalText);

/** A rebate rate per game category, in per cent ("0.8" is 0.8 %). */
export const rebateRatesSchema = z.partialRecord(gameTypeSchema, decimalText);

export const vipLevelConfigSchema = z.strictObject({
  /** 0 is every member's start (no conditions); then 1, 2, … in order. */
  level: z.number().int().min(0).max(99),
  name: z.string().trim().min(1).max(32),
  upgrade: conditionsSchema.optional(),
  /** Checked on each month's figures at the month's end; none: the level is kept. */
  keep: conditionsSchema.optional(),
  upgradeBonus: decimalText.optional(),
  rebateRates: rebateRatesSchema.default({}),
  benefits: localizedTextSchema.optional(),
});
export type VipLevelConfig = z.infer<typeof vipLevelConfigSchema>;

export const loyaltyConfigSchema = z.strictObject({
  vip: z
    .strictObject({
      /** AND: every condition of a level; OR: any one of them. */
      mode: z.enum(['AND', 'OR']).default('OR'),
      levels: z
        .array(vipLevelConfigSchema)
        .default([{ level: 0, name: 'VIP0', rebateRates: {} }])
        .refine((levels) => levels.every((l, i) => l.level === i), {
          message: 'levels go 0, 1, 2, … in order',
        }),
    })
    .prefault({}),
  rebate: z
    .strictObject({
      /** The daily job pays every unclaimed rebate (the business day's start); off: members claim. */
      autoPay: z.boolean().default(false),
    })
    .prefault({}),
  /** Turnover requirements of bonuses (schemas/wagering.ts). */
  wagering: wageringConfigSchema.prefault({}),
  /** The points mall (PTSYS3): rate, earning ratios, items (schemas/points.ts). */
  points: pointsConfigSchema.prefault({}),
  /** Missions and daily tasks (missions.ts). */
  missions: missionsConfigSchema.default([]),
  /** Referral rewards (referral.ts). */
  referral: referralConfigSchema.prefault({}),
  /** Birthday bonus per VIP level ("level": amount), once a year from the profile's birthday. */
  birthdayBonus: z.record(z.string().regex(/^\d{1,2}$/), decimalText).default({}),
  /** The reward centre (REWCEN3): sign-in calendar, rescue fund, promo codes (rewards.ts). */
  rewardCenter: rewardCenterConfigSchema.prefault({}),
});
export type LoyaltyConfig = z.infer<typeof loyaltyConfigSchema>;

/** A rebate amount shown with 4 decimals ("160.0000"). */
export const rebateTextSchema = z.string().regex(/^\d+\.\d{4}$/);

export const vipConditionViewSchema = z.object({
  condition: z.enum(VIP_CONDITION_KEYS),
  /** Money as "1000.00"; depositCount as a whole number ("3"). */
  actual: z.string(),
  expected: z.string(),
  met: z.boolean(),
});

export const vipLevelViewSchema = z.object({
  level: z.number().int(),
  name: z.string(),
  upgradeBonus: moneyTextSchema,
  /** The upgrade conditions (actual left empty) and the keep conditions. */
  upgrade: z.array(z.object({ condition: z.enum(VIP_CONDITION_KEYS), expected: z.string() })),
  keep: z.array(z.object({ condition: z.enum(VIP_CONDITION_KEYS), expected: z.string() })),
  rebateRates: z.array(z.object({ category: gameTypeSchema, rate: z.string() })),
  /** In the request's language. */
  benefits: z.string(),
});

/** GET /wps/vip/info: the member's level, progress toward the next and every level's terms. */
export const vipInfoSchema = z.object({
  level: z.number().int(),
  name: z.string(),
  hasVip: z.boolean(),
  mode: z.enum(['AND', 'OR']),
  next: z.object({ level: z.number().int(), name: z.string() }).nullable(),
  progress: z.array(vipConditionViewSchema),
  levels: z.array(vipLevelViewSchema),
});
export type VipInfo = z.infer<typeof vipInfoSchema>;

/** GET /wps/rebate/info: what the member has accrued since the last claim, per category. */
export const rebateInfoSchema = z.object({
  level: z.number().int(),
  levelName: z.string(),
  autoPay: z.boolean(),
  categories: z.array(
    z.object({
      category: gameTypeSchema,
      validBet: moneyTextSchema,
      rate: z.string(),
      amount: rebateTextSchema,
    }),
  ),
  /** The rest under one minor unit carried from the last claim. */
  carried: rebateTextSchema,
  total: rebateTextSchema,
  /** What a claim pays now (the total rounded down to the minor unit). */
  claimable: moneyTextSchema,
});
export type RebateInfo = z.infer<typeof rebateInfoSchema>;

export const rebateClaimSchema = z.object({
  id: z.number().int(),
  /** manual: the member claimed; auto: the daily job paid it. */
  mode: z.enum(['manual', 'auto']),
  /** Everything claimable at that time, 4 decimals. */
  accrued: rebateTextSchema,
  paid: moneyTextSchema,
  carried: rebateTextSchema,
  transferId: z.number().int().nullable(),
  /** Epoch ms. */
  createdAt: z.number().int(),
});
export type RebateClaim = z.infer<typeof rebateClaimSchema>;

export const rebateClaimsQuerySchema = z.strictObject(pageQuerySchema);

export const loyaltyRoutes = {
  /** The member's VIP level, progress toward the next level and the levels' terms. */
  vipInfo: route({
    method: 'GET',
    path: '/wps/vip/info',
    auth: 'T',
    encrypted: false,
    feature: null,
    query: noQuery,
    body: noBody,
    response: vipInfoSchema,
  }),
  /** The rebate accrued since the last claim, per category, with 4 decimals. */
  rebateInfo: route({
    method: 'GET',
    path: '/wps/rebate/info',
    auth: 'T',
    encrypted: false,
    feature: null,
    query: noQuery,
    body: noBody,
    response: rebateInfoSchema,
  }),
  /** Pays the accrued rebate (2 decimals, the rest carried) in one transfer. */
  rebateClaim: route({
    method: 'POST',
    path: '/wps/rebate/claim',
    auth: 'T',
    encrypted: false,
    feature: null,
    query: noQuery,
    body: z.strictObject({}).optional(),
    response: rebateClaimSchema,
  }),
  /** The member's rebate claims, newest first. */
  rebateClaims: route({
    method: 'GET',
    path: '/wps/rebate/claims',
    auth: 'T',
    encrypted: false,
    feature: null,
    query: rebateClaimsQuerySchema,
    body: noBody,
    response: paged(rebateClaimSchema),
  }),
} as const;
