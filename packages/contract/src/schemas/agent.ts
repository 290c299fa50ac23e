import { z } from 'zod';
import { parseMoney } from '../money.ts';
import { pageQuerySchema } from './cashier.ts';
import { MAX_AMOUNT_MINOR, moneyTextSchema } from './wallet.ts';

/**
 * The agent centre (issue 15): team overview (AGEINFO3), downline management (DOWNMAN) and the
 * register centre (REGCEN). Every call answers only about the signed-in agent's own team (itself
 * and every member below it); a member who is not an agent is refused with agent.only.
 */

/** One business-day period of the team: what happened in it. */
export const teamPeriodSchema = z.object({
  /** Members of the team registered in the period (the agent itself never counts). */
  registrations: z.number().int(),
  /** Team members whose first deposit (ledger) fell in the period. */
  firstDeposits: z.number().int(),
  /** Team members whose first real-money bet (the record of play) fell in the period. */
  firstBets: z.number().int(),
  /** Team members who signed in at least once in the period. */
  logins: z.number().int(),
});
export type TeamPeriod = z.infer<typeof teamPeriodSchema>;

/** GET /wps/agent/team/overview. */
export const teamOverviewSchema = z.object({
  /** The agent and every member below it. */
  teamSize: z.number().int(),
  directCount: z.number().int(),
  onlineNow: z.number().int(),
  /** Main and game wallets of the whole team, agent included. */
  teamBalance: moneyTextSchema,
  /** The merchant's business time zone the periods are cut in, e.g. "+08:00". */
  utcOffset: z.string(),
  today: teamPeriodSchema,
  yesterday: teamPeriodSchema,
  thisMonth: teamPeriodSchema,
});
export type TeamOverview = z.infer<typeof teamOverviewSchema>;

/** A non-negative decimal amount in a filter ("0", "12.5"), as minor units. */
const filterAmountSchema = z
  .string()
  .max(32)
  .transform((text, ctx) => {
    const minor = /^\s*-/.test(text) ? null : parseMoney(text);
    if (minor === null || minor > MAX_AMOUNT_MINOR) {
      ctx.addIssue({ code: 'custom', message: 'a decimal amount with at most two decimals' });
      return z.NEVER;
    }
    return minor;
  });
const epochMs = z.coerce.number().int().min(0).max(8_640_000_000_000_000);

/** GET /wps/agent/team/members: the agent's downlines (every level), filtered and paged. */
export const teamMembersQuerySchema = z
  .strictObject({
    ...pageQuerySchema,
    /** Account names starting with this (any case). */
    account: z.string().trim().min(1).max(32).optional(),
    /** Levels below the agent: 1 is a direct downline. */
    level: z.coerce.number().int().min(1).max(1000).optional(),
    type: z.enum(['agent', 'player']).optional(),
    balanceMin: filterAmountSchema.optional(),
    balanceMax: filterAmountSchema.optional(),
    lastLoginFrom: epochMs.optional(),
    lastLoginTo: epochMs.optional(),
    registeredFrom: epochMs.optional(),
    registeredTo: epochMs.optional(),
  })
  .refine((q) => q.balanceMin === undefined || q.balanceMax === undefined || q.balanceMin <= q.balanceMax, {
    path: ['balanceMax'],
    message: 'balanceMax is below balanceMin',
  })
  .refine((q) => (q.registeredFrom ?? 0) <= (q.registeredTo ?? Number.MAX_SAFE_INTEGER), {
    path: ['registeredTo'],
    message: 'registeredTo is before registeredFrom',
  })
  .refine((q) => (q.lastLoginFrom ?? 0) <= (q.lastLoginTo ?? Number.MAX_SAFE_INTEGER), {
    path: ['lastLoginTo'],
    message: 'lastLoginTo is before lastLoginFrom',
  });

export const teamMemberSchema = z.object({
  id: z.number().int(),
  account: z.string(),
  nickname: z.string().nullable(),
  /** Levels below the agent: 1 is a direct downline. */
  level: z.number().int(),
  type: z.enum(['agent', 'player']),
  /** The account name of its upline. */
  upline: z.string(),
  status: z.enum(['active', 'disabled']),
  balance: moneyTextSchema,
  /** The downline and every member below it. */
  teamSize: z.number().int(),
  teamBalance: moneyTextSchema,
  lastLoginAt: z.number().nullable(),
  regDate: z.number(),
  /** Masked in every agent view. */
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  realName: z.string().nullable(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

/** POST /wps/agent/team/members: the agent opens a downline directly. */
export const registerDownlineRequestSchema = z.strictObject({
  account: z.string().trim().min(1).max(32),
  type: z.enum(['agent', 'player']),
  nickname: z.string().trim().min(1).max(64).optional(),
});
/** The one-time password is answered once, here, and must be changed at the first sign-in. */
export const registerDownlineValueSchema = z.object({
  id: z.number().int(),
  account: z.string(),
  type: z.enum(['agent', 'player']),
  oneTimePassword: z.string(),
});

export const LINK_VALIDITIES = ['none', '1d', '7d', '30d', '1y'] as const;
export type LinkValidity = (typeof LINK_VALIDITIES)[number];

/** POST /wps/agent/links. */
export const createAgentLinkRequestSchema = z.strictObject({
  memberType: z.enum(['agent', 'player']),
  validity: z.enum(LINK_VALIDITIES),
});
/** DELETE /wps/agent/links?id=. */
export const deleteAgentLinkQuerySchema = z.strictObject({
  id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});
export const agentLinkSchema = z.object({
  id: z.number().int(),
  /** An affiliate code: registration with it places the member under the agent. */
  code: z.string(),
  memberType: z.enum(['agent', 'player']),
  validity: z.enum(LINK_VALIDITIES),
  /** Epoch ms; null: never expires. */
  expiresAt: z.number().nullable(),
  expired: z.boolean(),
  signups: z.number().int(),
  createdAt: z.number(),
});
export type AgentLink = z.infer<typeof agentLinkSchema>;
export const agentLinksSchema = z.array(agentLinkSchema);
export const agentLinkDeletedSchema = z.object({ id: z.number().int(), deleted: z.literal(true) });
