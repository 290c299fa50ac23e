import { z } from 'zod';
import { noBody, noQuery, route } from '../route-def.ts';
import { localizedTextSchema } from './localized.ts';
import { moneyTextSchema } from './wallet.ts';

/**
 * Missions and daily tasks with their leaderboard (issue 16, docs/loyalty.md Missions). The rules
 * are `@aurum/games` loyalty/missions.ts; the merchant's missions are the `missions` section of
 * `config/loyalty.json`, kept in the database with the rest of the merchant's configuration and
 * checked whole when loaded (this schema, then the engine's parseMissionRules).
 */

/** What a mission counts (the engine's MISSION_METRICS). */
export const MISSION_METRIC_KEYS = ['validBet', 'deposit', 'betCount', 'profitMultiple'] as const;
export type MissionMetricKey = (typeof MISSION_METRIC_KEYS)[number];

export const MISSION_STATUSES = ['incomplete', 'claimable', 'finished', 'expired'] as const;
export const MILESTONE_STATUSES = ['incomplete', 'claimable', 'received', 'expired'] as const;

const amountText = z
  .union([z.string(), z.number()])
  .transform(String)
  .pipe(z.string().regex(/^\d{1,15}(?:\.\d{1,4})?$/, 'a positive decimal'));

export const missionIdSchema = z.string().regex(/^[a-z0-9][a-z0-9-]{0,31}$/, 'a mission id (a-z, 0-9, -)');

export const missionConfigSchema = z
  .strictObject({
    id: missionIdSchema,
    /** daily: a daily task, counted over each business day and reset at its start; mission: from startsAt to endsAt. */
    kind: z.enum(['daily', 'mission']),
    metric: z.enum(MISSION_METRIC_KEYS),
    title: localizedTextSchema,
    description: localizedTextSchema.optional(),
    /** A mission's period (ISO 8601 with an offset); a daily task has none. */
    startsAt: z.iso.datetime({ offset: true }).optional(),
    endsAt: z.iso.datetime({ offset: true }).optional(),
    /**
     * Targets rising, in the metric's units: an amount for validBet and deposit, a whole number
     * for betCount, a multiple with up to 2 decimals for profitMultiple; each reward an amount.
     */
    milestones: z
      .array(z.strictObject({ target: amountText, reward: amountText }))
      .min(1)
      .max(20),
    /** Whether the mission has a leaderboard on its metric and period. */
    leaderboard: z.boolean().default(true),
    /** Off: members no longer see it (what was claimed stays paid). */
    enabled: z.boolean().default(true),
  })
  .refine((m) => (m.kind === 'daily') === (m.startsAt === undefined && m.endsAt === undefined), {
    message: 'a mission has startsAt and endsAt; a daily task has neither',
  })
  .refine((m) => !m.startsAt || !m.endsAt || Date.parse(m.startsAt) < Date.parse(m.endsAt), {
    message: 'a mission starts before it ends',
  });
export type MissionConfig = z.infer<typeof missionConfigSchema>;

export const missionsConfigSchema = z
  .array(missionConfigSchema)
  .max(50)
  .refine((list) => new Set(list.map((m) => m.id)).size === list.length, {
    message: 'mission ids are unique',
  });

/** A figure of a mission's metric: money "1000.00", a count "3", a multiple "4.50". */
const figureSchema = z.string().regex(/^\d+(?:\.\d+)?$/);

export const missionViewSchema = z.object({
  id: missionIdSchema,
  kind: z.enum(['daily', 'mission']),
  metric: z.enum(MISSION_METRIC_KEYS),
  /** In the request's language. */
  title: z.string(),
  description: z.string(),
  status: z.enum(MISSION_STATUSES),
  /** The member's figure over the current period. */
  value: figureSchema,
  /** The period (epoch ms): the business day for a daily task. */
  startsAt: z.number().int(),
  endsAt: z.number().int(),
  milestones: z.array(
    z.object({
      index: z.number().int(),
      target: figureSchema,
      reward: moneyTextSchema,
      /** The figure counted toward this milestone (at most its target). */
      progress: figureSchema,
      status: z.enum(MILESTONE_STATUSES),
    }),
  ),
  /** What claiming every claimable milestone of this mission pays. */
  claimable: moneyTextSchema,
  leaderboard: z.boolean(),
});
export type MissionView = z.infer<typeof missionViewSchema>;

/** GET /wps/mission/summary: the member's missions and daily tasks. */
export const missionSummarySchema = z.object({
  missions: z.array(missionViewSchema),
  /** The unread counter of the member centre's mission item: claimable milestones. */
  unread: z.number().int(),
  /** What claim all pays now. */
  claimable: moneyTextSchema,
  /** Epoch ms, for the countdowns. */
  serverTime: z.number().int(),
});
export type MissionSummary = z.infer<typeof missionSummarySchema>;

export const missionClaimBodySchema = z.strictObject({
  missionId: missionIdSchema,
  milestone: z.number().int().min(0).max(19),
});

export const missionClaimResultSchema = z.object({
  /** Every milestone paid, one ledger transfer each. */
  paid: z.array(
    z.object({
      missionId: z.string(),
      milestone: z.number().int(),
      amount: moneyTextSchema,
      transferId: z.number().int(),
    }),
  ),
  total: moneyTextSchema,
});
export type MissionClaimResult = z.infer<typeof missionClaimResultSchema>;

export const missionLeaderboardQuerySchema = z.strictObject({
  missionId: missionIdSchema,
  limitNum: z.coerce.number().int().min(1).max(50).default(20),
});

/** GET /wps/mission/leaderboard: the mission's period ranked on its metric, names masked. */
export const missionLeaderboardSchema = z.object({
  missionId: z.string(),
  metric: z.enum(MISSION_METRIC_KEYS),
  startsAt: z.number().int(),
  endsAt: z.number().int(),
  serverTime: z.number().int(),
  /** Highest first; equal figures share a rank (1, 2, 2, 4). */
  list: z.array(
    z.object({
      rank: z.number().int(),
      /** Masked ("ab***c"); the member's own account unmasked. */
      account: z.string(),
      value: figureSchema,
      self: z.boolean(),
    }),
  ),
  /** The member's own rank (null: nothing counted yet) and figure. */
  own: z.object({ rank: z.number().int().nullable(), value: figureSchema }),
});
export type MissionLeaderboard = z.infer<typeof missionLeaderboardSchema>;

export const missionRoutes = {
  /** The member's missions and daily tasks: progress, milestones, statuses, countdown, unread. */
  missionSummary: route({
    method: 'GET',
    path: '/wps/mission/summary',
    auth: 'T',
    encrypted: false,
    feature: null,
    query: noQuery,
    body: noBody,
    response: missionSummarySchema,
  }),
  /** Claims one claimable milestone: one transfer. */
  missionClaim: route({
    method: 'POST',
    path: '/wps/mission/claim',
    auth: 'T',
    encrypted: false,
    feature: null,
    query: noQuery,
    body: missionClaimBodySchema,
    response: missionClaimResultSchema,
  }),
  /** Claims every claimable milestone of every mission: one transfer each. */
  missionClaimAll: route({
    method: 'POST',
    path: '/wps/mission/claim-all',
    auth: 'T',
    encrypted: false,
    feature: null,
    query: noQuery,
    body: z.strictObject({}).optional(),
    response: missionClaimResultSchema,
  }),
  /** A mission's leaderboard with the member's own rank. */
  missionLeaderboard: route({
    method: 'GET',
    path: '/wps/mission/leaderboard',
    auth: 'T',
    encrypted: false,
    feature: null,
    query: missionLeaderboardQuerySchema,
    body: noBody,
    response: missionLeaderboardSchema,
  }),
} as const;
