import { z } from 'zod';
import { noBody, noQuery, type RouteDef, route } from '../route-def.ts';
import { PROOF_IMAGE_MAX_BYTES, proofImageSchema } from './cashier.ts';
import { localizedTextSchema } from './localized.ts';
import { moneyTextSchema } from './wallet.ts';

/**
 * Promotions (docs/promotions.md): the merchant's activities in config/promotions.json and what
 * a member can do with each. Four kinds:
 * - SIGNUP: the member joins inside the registration window, then requests the reward once the
 *   condition (paid deposits since joining) is met.
 * - APPLICATION: the member applies with a remark and up to 3 images; an operator approves
 *   (the reward is paid) or rejects with a reason.
 * - CLAIM: a fixed reward, claimable once per member while the promotion is open.
 * - RAFFLE: once per member and day (UTC), a draw from the prize table; or, with `rain` (a
 *   red-envelope rain), once per member and scheduled window, a random amount from the window's
 *   budget (docs/promotions.md "Red-envelope rain").
 * Rewards are paid from the merchant's BONUS account to the member's main wallet.
 */

export const PROMOTION_KINDS = ['SIGNUP', 'APPLICATION', 'CLAIM', 'RAFFLE'] as const;
export type PromotionKind = (typeof PROMOTION_KINDS)[number];

/** Spec §4 activity statuses, per member (docs/promotions.md has the mapping). */
export const PROMOTION_STATUSES = [
  'JOIN_NOW',
  'CLAIM_REWARD',
  'APPLYING',
  'REGISTRATION_CLOSED',
  'APPLICATION_FORBIDDEN',
  'REJECTED',
  'ISSUED',
  'CLAIMED',
  'IN_PROGRESS',
  'SIGNED_UP',
  'COMING_SOON',
] as const;
export type PromotionStatus = (typeof PROMOTION_STATUSES)[number];

/** What the member's button does now; null: nothing to do. */
export const PROMOTION_ACTIONS = ['JOIN', 'APPLY', 'REQUEST_REWARD', 'CLAIM', 'DRAW'] as const;
export type PromotionAction = (typeof PROMOTION_ACTIONS)[number];

export const APPLICATION_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** Spec §9: an application's remark and images. */
export const APPLICATION_REMARK_MAX = 140;
export const APPLICATION_IMAGES_MAX = 3;
export const APPLICATION_IMAGE_MAX_BYTES = PROOF_IMAGE_MAX_BYTES;
/** The largest JSON body of an application: three images as data URLs and the remark. */
export const APPLICATION_BODY_LIMIT_BYTES = 24 * 1024 * 1024;

const promotionIdSchema = z.string().regex(/^[a-z0-9][a-z0-9-]{0,47}$/, 'lower-case letters, digits and -');
/** A positive reward as config writes it: "18.00". */
const rewardSchema = moneyTextSchema.refine((t) => !t.startsWith('-') && !/^0+\.00$/.test(t), {
  message: 'a positive amount',
});
const instantSchema = z.iso.datetime({ offset: true });

export const promotionCategorySchema = z.strictObject({
  id: promotionIdSchema,
  name: localizedTextSchema,
});

export const rafflePrizeSchema = z.strictObject({
  amount: rewardSchema,
  /** Relative chance: a prize of weight 3 comes three times as often as one of weight 1. */
  weight: z.number().int().min(1).max(1_000_000),
});

/** "HH:MM", 00:00 to 23:59. */
const clockTimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:MM');

/**
 * A red-envelope rain: windows opening every day at `start` (the clock of `utcOffset`) for
 * `minutes`; each window shares `budget` among the members who claim in it, each receiving a
 * random amount from `min` to `max` (never more than what is left of the budget).
 */
export const rainConfigSchema = z
  .strictObject({
    windows: z
      .array(z.strictObject({ start: clockTimeSchema, minutes: z.number().int().min(1).max(720) }))
      .min(1)
      .max(24),
    /** The clock the window starts are written in: "+08:00". */
    utcOffset: z
      .string()
      .regex(/^[+-]([01]\d|2[0-3]):[0-5]\d$/)
      .default('+00:00'),
    budget: rewardSchema,
    min: rewardSchema,
    max: rewardSchema,
  })
  .superRefine((r, ctx) => {
    const issue = (message: string) => ctx.addIssue({ code: 'custom', message: `rain: ${message}` });
    const minor = (t: string) => Math.round(Number(t) * 100);
    if (minor(r.min) > minor(r.max)) issue('min must not exceed max');
    if (minor(r.max) > minor(r.budget)) issue('max must not exceed the budget');
    const spans = r.windows
      .map((w) => {
        const [h, m] = w.start.split(':').map(Number);
        return { from: h! * 60 + m!, to: h! * 60 + m! + w.minutes };
      })
      .sort((a, b) => a.from - b.from);
    for (let i = 0; i < spans.length; i++) {
      const next = spans[i + 1] ?? { from: spans[0]!.from + 1440 };
      if (spans.length > 1 && spans[i]!.to > next.from) issue('windows must not overlap');
      if (spans.length === 1 && spans[i]!.to > spans[i]!.from + 1440) issue('a window is at most a day');
    }
  });
export type RainConfig = z.infer<typeof rainConfigSchema>;

export const promotionConfigSchema = z
  .strictObject({
    id: promotionIdSchema,
    category: promotionIdSchema,
    kind: z.enum(PROMOTION_KINDS),
    title: localizedTextSchema,
    summary: localizedTextSchema,
    /** Operator HTML per language; sanitised when loaded and when served. */
    detailHtml: localizedTextSchema,
    /** A site path such as /media/promotions/welcome.svg. */
    image: z.string().regex(/^\/media\/[A-Za-z0-9/_.-]+$/),
    start: instantSchema,
    end: instantSchema,
    /** Joining, applying and claiming happen only inside this window (default: start to end). */
    signUpStart: instantSchema.optional(),
    signUpEnd: instantSchema.optional(),
    /** SIGNUP, CLAIM: the reward; APPLICATION: the reward an approval pays unless the operator says otherwise. */
    reward: rewardSchema.optional(),
    /** SIGNUP: paid deposits since joining (until the end) that make the reward requestable. */
    minDeposit: rewardSchema.optional(),
    /** RAFFLE: the prize table. */
    prizes: z.array(rafflePrizeSchema).max(20).optional(),
    /** RAFFLE: a red-envelope rain instead of the prize table. */
    rain: rainConfigSchema.optional(),
    /** APPLICATION: may a rejected member apply again (default true). */
    allowRepeat: z.boolean().default(true),
    sort: z.number().int().default(0),
  })
  .superRefine((p, ctx) => {
    const issue = (message: string) => ctx.addIssue({ code: 'custom', message: `${p.id}: ${message}` });
    if (Date.parse(p.end) <= Date.parse(p.start)) issue('end must be after start');
    if (p.kind === 'RAFFLE' && !p.prizes?.length && !p.rain) issue('a raffle needs prizes or a rain');
    if (p.kind === 'RAFFLE' && p.prizes?.length && p.rain) issue('a raffle has prizes or a rain, not both');
    if (p.kind !== 'RAFFLE' && p.rain) issue('only a raffle has a rain');
    if (p.kind !== 'RAFFLE' && !p.reward) issue('needs a reward');
    if (p.kind === 'SIGNUP' && !p.minDeposit) issue('a sign-up promotion needs minDeposit');
  });
export type PromotionConfig = z.infer<typeof promotionConfigSchema>;

/** The merchant's promotions (config/promotions.json): categories and activities. */
export const promotionsConfigSchema = z
  .object({
    categories: z.array(promotionCategorySchema).default([]),
    promotions: z.array(promotionConfigSchema).default([]),
  })
  .superRefine((c, ctx) => {
    const categories = new Set(c.categories.map((x) => x.id));
    const seen = new Set<string>();
    for (const p of c.promotions) {
      if (seen.has(p.id)) ctx.addIssue({ code: 'custom', message: `promotion ${p.id} is listed twice` });
      seen.add(p.id);
      if (!categories.has(p.category))
        ctx.addIssue({ code: 'custom', message: `promotion ${p.id}: unknown category ${p.category}` });
    }
  });
export type PromotionsConfig = z.infer<typeof promotionsConfigSchema>;

// ---- Wire shapes -------------------------------------------------------------------------------

/** A rain's schedule as a card shows it: the window open now (or the next one) and the member's claim in it. */
export const rainStateSchema = z.object({
  /** Is a window open now. */
  open: z.boolean(),
  /** The open window's start and end, or the next window's (epoch ms). */
  windowStart: z.number(),
  windowEnd: z.number(),
  /** The amount the member won in the open window; null when not claimed. */
  won: moneyTextSchema.nullable(),
});
export type RainState = z.infer<typeof rainStateSchema>;

/** A promotion as the list shows it, in the request's language, with the member's status. */
export const promotionCardSchema = z.object({
  id: z.string(),
  category: z.string(),
  kind: z.enum(PROMOTION_KINDS),
  title: z.string(),
  summary: z.string(),
  image: z.string(),
  /** Epoch ms. */
  start: z.number(),
  end: z.number(),
  signUpStart: z.number(),
  signUpEnd: z.number(),
  /** The fixed reward (SIGNUP, CLAIM, APPLICATION), or the raffle's top prize. */
  reward: moneyTextSchema,
  status: z.enum(PROMOTION_STATUSES),
  action: z.enum(PROMOTION_ACTIONS).nullable(),
  /** A red-envelope rain's window (RAFFLE with a rain only). */
  rain: rainStateSchema.optional(),
});
export type PromotionCard = z.infer<typeof promotionCardSchema>;

export const promotionListSchema = z.object({
  categories: z.array(z.object({ id: z.string(), name: z.string() })),
  promotions: z.array(promotionCardSchema),
});

export const promotionDetailSchema = promotionCardSchema.extend({
  /** Sanitised HTML. */
  detailHtml: z.string(),
  /** SIGNUP: the deposit the reward needs, and what the member has deposited since joining. */
  minDeposit: moneyTextSchema.nullable(),
  progress: moneyTextSchema.nullable(),
  /** RAFFLE: the prize amounts. */
  prizes: z.array(moneyTextSchema),
  /** APPLICATION: the reason of the member's latest rejection. */
  rejectReason: z.string().nullable(),
});
export type PromotionDetail = z.infer<typeof promotionDetailSchema>;

export const promotionIdQuerySchema = z.strictObject({ id: promotionIdSchema });
export const promotionIdBodySchema = z.strictObject({ id: promotionIdSchema });

/** What a join, claim, draw or reward request did. */
export const promotionActionResultSchema = z.object({
  id: z.string(),
  status: z.enum(PROMOTION_STATUSES),
  /** The amount paid to the main wallet; null when the call paid nothing (a join). */
  amount: moneyTextSchema.nullable(),
});

export const applicationRequestSchema = z.strictObject({
  id: promotionIdSchema,
  remark: z.string().trim().min(1).max(APPLICATION_REMARK_MAX),
  images: z.array(proofImageSchema).max(APPLICATION_IMAGES_MAX).default([]),
});

export const applicationSchema = z.object({
  id: z.number(),
  promotionId: z.string(),
  promotionTitle: z.string(),
  remark: z.string(),
  imageCount: z.number(),
  status: z.enum(APPLICATION_STATUSES),
  reason: z.string().nullable(),
  amount: moneyTextSchema.nullable(),
  createdAt: z.number(),
  reviewedAt: z.number().nullable(),
});
export type PromotionApplication = z.infer<typeof applicationSchema>;

export const availableCountSchema = z.object({ availablePromoCount: z.number().int().min(0) });

/** The calls of this area; spread into the route table in routes.ts. */
export const promotionRoutes = {
  /** Categories and the open and coming promotions; a session token adds the member's statuses. */
  promotionList: route({
    method: 'GET',
    path: '/wps/promotion/list',
    auth: 'N',
    encrypted: false,
    feature: null,
    query: noQuery,
    body: noBody,
    response: promotionListSchema,
  }),
  promotionDetail: route({
    method: 'GET',
    path: '/wps/promotion/detail',
    auth: 'N',
    encrypted: false,
    feature: null,
    query: promotionIdQuerySchema,
    body: noBody,
    response: promotionDetailSchema,
  }),
  /** Promotions the member can act on now; for a visitor, the open ones. */
  promotionAvailableCount: route({
    method: 'GET',
    path: '/wps/promotion/available-count',
    auth: 'N',
    encrypted: false,
    feature: null,
    query: noQuery,
    body: noBody,
    response: availableCountSchema,
  }),
  /** Sign-up promotion join. */
  promotionJoin: route({
    method: 'POST',
    path: '/wps/promotion/join',
    auth: 'T',
    encrypted: false,
    feature: null,
    query: noQuery,
    body: promotionIdBodySchema,
    response: promotionActionResultSchema,
  }),
  /** Sign-up promotion reward request. */
  promotionRewardRequest: route({
    method: 'POST',
    path: '/wps/promotion/reward',
    auth: 'T',
    encrypted: false,
    feature: null,
    query: noQuery,
    body: promotionIdBodySchema,
    response: promotionActionResultSchema,
  }),
  promotionClaim: route({
    method: 'POST',
    path: '/wps/promotion/claim',
    auth: 'T',
    encrypted: false,
    feature: null,
    query: noQuery,
    body: promotionIdBodySchema,
    response: promotionActionResultSchema,
  }),
  /** Raffle promotion claim: draws a prize. */
  promotionRaffleClaim: route({
    method: 'POST',
    path: '/wps/promotion/raffle',
    auth: 'T',
    encrypted: false,
    feature: null,
    query: noQuery,
    body: promotionIdBodySchema,
    response: promotionActionResultSchema,
  }),
  promotionApply: route({
    method: 'POST',
    path: '/wps/promotion/apply',
    auth: 'T',
    encrypted: false,
    feature: null,
    query: noQuery,
    body: applicationRequestSchema,
    response: applicationSchema,
  }),
  promotionApplications: route({
    method: 'GET',
    path: '/wps/promotion/applications',
    auth: 'T',
    encrypted: false,
    feature: null,
    query: noQuery,
    body: noBody,
    response: z.object({ list: z.array(applicationSchema) }),
  }),
} as const satisfies Record<string, RouteDef>;
