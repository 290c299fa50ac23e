import { z } from 'zod';
import { noBody, noQuery, route } from '../route-def.ts';
import { gameTypeSchema } from './game-types.ts';
import { wageringRuleConfigSchema } from './wagering.ts';
import { moneyTextSchema } from './wallet.ts';

/**
 * The reward centre (issue 16, REWCEN3, docs/loyalty.md "Reward centre"): the sign-in calendar,
 * the rescue fund and promo codes, with the member's claimable rewards and claim history. The
 * rescue rule is `@aurum/games` loyalty/rescue.ts; the merchant's rules are `rewardCenter` in
 * `config/loyalty.json`, checked whole when loaded. Promo codes live in the database (seeded from
 * the configuration, made and disabled by `npm run ops -- rewards`).
 */

const amountText = z
  .union([z.string(), z.number()])
  .transform(String)
  .pipe(z.string().regex(/^\d{1,13}(?:\.\d{1,2})?$/, 'an amount with at most 2 decimals'));
const positiveAmount = amountText.refine((t) => Number(t) > 0, 'more than 0');
const percentText = z
  .union([z.string(), z.number()])
  .transform(String)
  .pipe(z.string().regex(/^\d{1,3}(?:\.\d{1,4})?$/, 'a per cent'))
  .refine((t) => Number(t) > 0 && Number(t) <= 100, 'a per cent above 0, at most 100');

/** A promo code: 4 to 24 letters and digits, kept upper-case ("WELCOME88"). */
export const promoCodeSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{4,24}$/, '4 to 24 letters and digits')
  .transform((c) => c.toUpperCase());

/** One tier of the rescue fund: from `minLoss`, a per cent of the loss or a fixed amount. */
export const rescueTierSchema = z
  .strictObject({
    minLoss: positiveAmount,
    percent: percentText.optional(),
    fixed: positiveAmount.optional(),
  })
  .refine((t) => (t.percent === undefined) !== (t.fixed === undefined), {
    message: 'a tier pays a percent or a fixed amount',
  });

export const promoCodeConfigSchema = z.strictObject({
  code: promoCodeSchema,
  amount: positiveAmount,
  /** How many members may redeem it in all. */
  cap: z.number().int().min(1).max(10_000_000),
  expiresAt: z.iso.datetime({ offset: true }),
  enabled: z.boolean().default(true),
});
export type PromoCodeConfig = z.infer<typeof promoCodeConfigSchema>;

/** A reward's turnover requirement (wagering); null: none. Absent: the merchant's promotionDefault. */
const rewardWagering = wageringRuleConfigSchema.nullable().optional();

export const rewardCenterConfigSchema = z.strictObject({
  signIn: z
    .strictObject({
      enabled: z.boolean().default(true),
      /** What day n of a continuous run pays; after the last day the list starts again. */
      daily: z.array(positiveAmount).min(1).max(31).default(['1', '1', '2', '2', '3', '3', '8']),
      /** The sign-in needs today's deposit or today's valid bet to reach `min`. */
      requirement: z
        .strictObject({ kind: z.enum(['deposit', 'validBet']), min: positiveAmount })
        .nullable()
        .default(null),
      /** Paid once per business week (Monday to Sunday) at the `days`-th sign-in of the week. */
      weekly: z
        .strictObject({ days: z.number().int().min(1).max(7), reward: positiveAmount })
        .nullable()
        .default(null),
      /** Paid once per business month at the `days`-th sign-in of the month. */
      monthly: z
        .strictObject({ days: z.number().int().min(1).max(28), reward: positiveAmount })
        .nullable()
        .default(null),
      wagering: rewardWagering,
    })
    .prefault({}),
  rescue: z
    .strictObject({
      enabled: z.boolean().default(true),
      /** Tiers per game category; a category not listed has no rescue fund. */
      categories: z.partialRecord(gameTypeSchema, z.array(rescueTierSchema).min(1).max(10)).default({}),
      wagering: rewardWagering,
    })
    .prefault({}),
  promoCodes: z
    .strictObject({
      /** Seeded into the database when first redeemed or listed (the operator's changes stay). */
      codes: z
        .array(promoCodeConfigSchema)
        .max(100)
        .default([])
        .refine((l) => new Set(l.map((c) => c.code)).size === l.length, { message: 'codes are unique' }),
      wagering: rewardWagering,
    })
    .prefault({}),
});
export type RewardCenterConfig = z.infer<typeof rewardCenterConfigSchema>;

export const REWARD_KINDS = ['signIn', 'signInWeek', 'signInMonth', 'rescue', 'promo'] as const;
export type RewardKind = (typeof REWARD_KINDS)[number];

/** A reward's id: "signIn:2026-11-10", "rescue:2026-11-09:RNG". */
export const rewardIdSchema = z
  .string()
  .regex(/^(?:signIn:\d{4}-\d{2}-\d{2}|rescue:\d{4}-\d{2}-\d{2}:[A-Z]{2,12})$/);

export const rewardTermsSchema = z
  .object({ multiple: z.string(), base: z.enum(['bonus', 'bonusAndDeposit']), expiryDays: z.number().int() })
  .nullable();

export const claimableRewardSchema = z.object({
  id: z.string(),
  kind: z.enum(['signIn', 'rescue']),
  /** signIn: the business day; rescue: the business day of the loss. */
  day: z.string(),
  category: gameTypeSchema.nullable(),
  amount: moneyTextSchema,
  /** signIn: the day of the run it pays; rescue: the net loss counted. */
  runDay: z.number().int().nullable(),
  netLoss: moneyTextSchema.nullable(),
  /** Epoch ms: the end of the business day it may be claimed in. */
  expiresAt: z.number().int(),
  /** The turnover the reward will ask (the terms shown before the claim). */
  terms: rewardTermsSchema,
  /** A sign-in's requirement: today's deposit or valid bet against its minimum. */
  requirement: z
    .object({
      kind: z.enum(['deposit', 'validBet']),
      min: moneyTextSchema,
      value: moneyTextSchema,
      met: z.boolean(),
    })
    .nullable(),
  /** Whether it can be claimed now (a requirement not met: false). */
  claimable: z.boolean(),
});
export type ClaimableReward = z.infer<typeof claimableRewardSchema>;

/** GET /wps/reward/summary: the calendar, the claimable rewards and the unread counter. */
export const rewardSummarySchema = z.object({
  calendar: z.object({
    enabled: z.boolean(),
    today: z.string(),
    signedToday: z.boolean(),
    /** The continuous run counting today when signed (a missed day starts it again at 1). */
    runDay: z.number().int(),
    /** What each day of the run pays, day 1 first. */
    days: z.array(moneyTextSchema),
    /** Business days signed this month. */
    monthDays: z.array(z.string()),
    weekly: z
      .object({ days: z.number().int(), reward: moneyTextSchema, count: z.number().int(), paid: z.boolean() })
      .nullable(),
    monthly: z
      .object({ days: z.number().int(), reward: moneyTextSchema, count: z.number().int(), paid: z.boolean() })
      .nullable(),
    terms: rewardTermsSchema,
  }),
  rescueEnabled: z.boolean(),
  promoTerms: rewardTermsSchema,
  claimable: z.array(claimableRewardSchema),
  /** The unread counter of the member centre's reward-centre item: rewards claimable now. */
  unread: z.number().int(),
  serverTime: z.number().int(),
});
export type RewardSummary = z.infer<typeof rewardSummarySchema>;

export const rewardClaimBodySchema = z.strictObject({ id: rewardIdSchema });
export const promoRedeemBodySchema = z.strictObject({ code: promoCodeSchema });

export const rewardPaidSchema = z.object({
  kind: z.enum(REWARD_KINDS),
  /** The day, category or promo code it is for. */
  detail: z.string(),
  amount: moneyTextSchema,
  transferId: z.number().int(),
});
export const rewardClaimResultSchema = z.object({ paid: z.array(rewardPaidSchema), total: moneyTextSchema });
export type RewardClaimResult = z.infer<typeof rewardClaimResultSchema>;

export const rewardHistorySchema = z.object({
  /** The last 90 days, newest first. */
  list: z.array(rewardPaidSchema.extend({ id: z.number().int(), claimedAt: z.number().int() })),
});
export type RewardHistory = z.infer<typeof rewardHistorySchema>;

export const rewardRoutes = {
  /** The calendar, the claimable rewards with their expiry and terms, the unread counter. */
  rewardSummary: route({
    method: 'GET',
    path: '/wps/reward/summary',
    auth: 'T',
    encrypted: false,
    feature: 'REWCEN3',
    query: noQuery,
    body: noBody,
    response: rewardSummarySchema,
  }),
  /** Claims one reward (today's sign-in, a rescue fund): one transfer each, with the week's and month's sign-in rewards it reaches. */
  rewardClaim: route({
    method: 'POST',
    path: '/wps/reward/claim',
    auth: 'T',
    encrypted: false,
    feature: 'REWCEN3',
    query: noQuery,
    body: rewardClaimBodySchema,
    response: rewardClaimResultSchema,
  }),
  /** Redeems a promo code: once per member, within its cap and before its expiry. */
  rewardPromo: route({
    method: 'POST',
    path: '/wps/reward/promo',
    auth: 'T',
    encrypted: false,
    feature: 'REWCEN3',
    query: noQuery,
    body: promoRedeemBodySchema,
    response: rewardClaimResultSchema,
  }),
  /** The member's claims of the last 90 days. */
  rewardHistory: route({
    method: 'GET',
    path: '/wps/reward/history',
    auth: 'T',
    encrypted: false,
    feature: 'REWCEN3',
    query: noQuery,
    body: noBody,
    response: rewardHistorySchema,
  }),
} as const;
