/**
 * The affiliate application's fixed values, schema-free so the browser can import them (through
 * apps/web/src/lib/contract.ts) without evaluating the zod schemas of schemas/affiliate.ts.
 */
export const AFFILIATE_CHANNELS = ['social', 'website', 'chat', 'video', 'offline', 'other'] as const;
export type AffiliateChannel = (typeof AFFILIATE_CHANNELS)[number];
export const AFFILIATE_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type AffiliateStatus = (typeof AFFILIATE_STATUSES)[number];
/** The expected team size a member may state. */
export const AFFILIATE_TEAM_MAX = 100_000;
/** The length of the "why" text. */
export const AFFILIATE_REASON_MIN = 10;
export const AFFILIATE_REASON_MAX = 500;
