import { z } from 'zod';
import {
  AFFILIATE_CHANNELS,
  AFFILIATE_REASON_MAX,
  AFFILIATE_REASON_MIN,
  AFFILIATE_STATUSES,
  AFFILIATE_TEAM_MAX,
} from '../affiliate-options.ts';
import { noBody, noQuery, route } from '../route-def.ts';

/**
 * The affiliate application (AFFMAN3, issue 15): a signed-in member who is not an agent asks to
 * become one (why, where it will find players, the team it expects); the operator approves (the
 * member becomes an agent where it stands in the tree) or rejects with a reason. One open
 * application at a time.
 */

export const affiliateApplyRequestSchema = z.strictObject({
  /** Why the member wants to become an agent. */
  reason: z.string().trim().min(AFFILIATE_REASON_MIN).max(AFFILIATE_REASON_MAX),
  /** Where it will find its players: one or more, each once. */
  channels: z
    .array(z.enum(AFFILIATE_CHANNELS))
    .min(1)
    .max(AFFILIATE_CHANNELS.length)
    .refine((c) => new Set(c).size === c.length, 'each channel once'),
  /** How many members it expects to bring in. */
  teamSize: z.number().int().min(1).max(AFFILIATE_TEAM_MAX),
});

export const affiliateApplicationSchema = z.object({
  id: z.number().int(),
  reason: z.string(),
  channels: z.array(z.enum(AFFILIATE_CHANNELS)),
  teamSize: z.number().int(),
  status: z.enum(AFFILIATE_STATUSES),
  /** The operator's reason when rejected. */
  decisionReason: z.string().nullable(),
  createdAt: z.number(),
  decidedAt: z.number().nullable(),
});
export type AffiliateApplication = z.infer<typeof affiliateApplicationSchema>;

export const affiliateStatusSchema = z.object({
  /** The member's latest application, or null. */
  application: affiliateApplicationSchema.nullable(),
  /** Whether the member is an agent already. */
  isAgent: z.boolean(),
  /** Whether it may apply now: not an agent, no open application, not a trial account. */
  canApply: z.boolean(),
});
export type AffiliateStatusView = z.infer<typeof affiliateStatusSchema>;

export const affiliateRoutes = {
  affiliateApplication: route({
    method: 'GET',
    path: '/wps/agent/application',
    auth: 'T',
    encrypted: false,
    feature: 'AFFMAN3',
    query: noQuery,
    body: noBody,
    response: affiliateStatusSchema,
  }),
  applyAffiliate: route({
    method: 'POST',
    path: '/wps/agent/application',
    auth: 'T',
    encrypted: false,
    feature: 'AFFMAN3',
    query: noQuery,
    body: affiliateApplyRequestSchema,
    response: affiliateApplicationSchema,
  }),
};
