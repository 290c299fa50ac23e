import { z } from 'zod';
import { noBody, noQuery, type RouteDef, route } from '../route-def.ts';
import { moneyTextSchema } from './wallet.ts';

/**
 * Referral (issue 16, docs/loyalty.md "Referral"): a member invites friends with its own code
 * (a link with `?referralCode=`); the code records who invited whom and never places the invitee
 * in the agent tree. The rules are the `referral` section of config/loyalty.json.
 */

const amountText = z
  .union([z.string(), z.number()])
  .transform(String)
  .pipe(z.string().regex(/^\d{1,15}(?:\.\d{1,2})?$/, 'an amount'));
const percentText = z
  .union([z.string(), z.number()])
  .transform(String)
  .pipe(z.string().regex(/^\d{1,2}(?:\.\d{1,4})?$/, 'a percentage below 100'));

export const referralConfigSchema = z.strictObject({
  /** Paid to the referrer once per invitee whose first deposit is at least `qualifyingDeposit` (0: none). */
  invitationReward: amountText.default('0'),
  qualifyingDeposit: amountText.default('0'),
  /** Paid once each when the referrer's qualified invitees reach `invitees`. */
  achievements: z
    .array(z.strictObject({ invitees: z.number().int().min(1).max(100_000), reward: amountText }))
    .max(20)
    .default([]),
  /** Per cent of the eligible invitees' deposits since they registered. */
  depositRebatePercent: percentText.default('0'),
  /** Per cent of the eligible invitees' valid bet since they registered. */
  betRebatePercent: percentText.default('0'),
});
export type ReferralConfig = z.infer<typeof referralConfigSchema>;

export const REFERRAL_INVITEE_STATUSES = ['registered', 'deposited', 'active'] as const;
/** Why an invitee earns nothing: it shares one of these with its referrer. */
export const REFERRAL_LINKS = ['device', 'network', 'mobile', 'payeeName'] as const;

/** The four kinds of referral reward, as money. */
const rewardsSchema = z.object({
  invitation: moneyTextSchema,
  achievement: moneyTextSchema,
  depositRebate: moneyTextSchema,
  betRebate: moneyTextSchema,
  total: moneyTextSchema,
});

/** api-notes: Referral `{ referralCode, totalInvitations, promotionDomains[] }`, with the rewards and rules. */
export const referralSummarySchema = z.object({
  referralCode: z.string(),
  totalInvitations: z.number().int(),
  /** The merchant's domains a link may use (the main domain first). */
  promotionDomains: z.array(z.string()),
  /** Eligible invitees whose first deposit qualified. */
  qualifiedInvitations: z.number().int(),
  /** Earned so far, claimed so far and claimable now (earned − claimed, per kind). */
  earned: rewardsSchema,
  claimed: moneyTextSchema,
  claimable: rewardsSchema,
  rules: z.object({
    invitationReward: moneyTextSchema,
    qualifyingDeposit: moneyTextSchema,
    achievements: z.array(
      z.object({ invitees: z.number().int(), reward: moneyTextSchema, reached: z.boolean() }),
    ),
    depositRebatePercent: z.string(),
    betRebatePercent: z.string(),
  }),
});
export type ReferralSummary = z.infer<typeof referralSummarySchema>;

export const referralInviteeSchema = z.object({
  /** Masked: ab***. */
  account: z.string(),
  registeredAt: z.number(),
  status: z.enum(REFERRAL_INVITEE_STATUSES),
  /** False when the invitee shares a device, network, mobile number or payee name with the referrer. */
  eligible: z.boolean(),
  notEligibleReason: z.enum(REFERRAL_LINKS).nullable(),
  qualified: z.boolean(),
});
export type ReferralInvitee = z.infer<typeof referralInviteeSchema>;

export const referralClaimResultSchema = z.object({ amount: moneyTextSchema, transferId: z.number() });

export const referralRoutes = {
  /** The member's code, link domains, invitations and rewards (creates the code on first call). */
  referralSummary: route({
    method: 'GET',
    path: '/wps/referral/summary',
    auth: 'T',
    encrypted: false,
    feature: null,
    query: noQuery,
    body: noBody,
    response: referralSummarySchema,
  }),
  /** The member's invitees, newest first, with status and eligibility. */
  referralInvitees: route({
    method: 'GET',
    path: '/wps/referral/invitees',
    auth: 'T',
    encrypted: false,
    feature: null,
    query: noQuery,
    body: noBody,
    response: z.object({ list: z.array(referralInviteeSchema) }),
  }),
  /** Claims everything claimable: one ledger transfer. */
  referralClaim: route({
    method: 'POST',
    path: '/wps/referral/claim',
    auth: 'T',
    encrypted: false,
    feature: null,
    query: noQuery,
    body: z.strictObject({}).optional(),
    response: referralClaimResultSchema,
  }),
} as const satisfies Record<string, RouteDef>;
