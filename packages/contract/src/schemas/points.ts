import { z } from 'zod';
import { noBody, noQuery, route } from '../route-def.ts';
import { paged, pageQuerySchema } from './cashier.ts';
import { gameTypeSchema } from './game-types.ts';
import { localizedTextSchema } from './localized.ts';
import { amountSchema, idempotencyKeySchema, moneyTextSchema } from './wallet.ts';

/**
 * The points mall (issue 16, PTSYS3, docs/loyalty.md "Points mall"): points are whole numbers on
 * a ledger of their own. Members earn them on valid bets (a ratio per category) and on deposits
 * once wagered, buy them with cash at the merchant's rate, and spend them on items (points only,
 * or points and money) from a stock. The rules are `@aurum/games` loyalty/points.ts; the
 * merchant's rate, ratios and items are `config/loyalty.json` `points`, checked whole when loaded.
 */

/** A ratio or rate: points per currency unit ("10": 100.00 gives 1,000 points). */
const ratioText = z
  .union([z.string(), z.number()])
  .transform(String)
  .pipe(z.string().regex(/^\d{1,9}(?:\.\d{1,4})?$/, 'a non-negative decimal with at most 4 decimals'));
const pointsCount = z
  .union([z.string(), z.number()])
  .transform(String)
  .pipe(z.string().regex(/^(?:0|[1-9]\d{0,14})$/, 'a whole number of points'));
const moneyText = z
  .union([z.string(), z.number()])
  .transform(String)
  .pipe(z.string().regex(/^\d{1,15}(?:\.\d{1,2})?$/, 'a non-negative amount with at most 2 decimals'));

export const pointsItemConfigSchema = z
  .strictObject({
    /** Stable key of the item: the stored row is found by it when the configuration is reloaded. */
    code: z.string().regex(/^[a-z0-9][a-z0-9-]{0,31}$/, 'lower-case letters, digits and -'),
    name: localizedTextSchema,
    description: localizedTextSchema.optional(),
    image: z.string().trim().max(500).optional(),
    /** Points per piece. */
    points: pointsCount,
    /** The money part per piece of a points + money item (0 or absent: points only). */
    money: moneyText.default('0'),
    /** Pieces in stock when the item is first stored (operators' redemptions move it afterwards). */
    stock: z.number().int().min(0).max(1_000_000),
  })
  .refine((i) => i.points !== '0' || Number(i.money) > 0, { message: 'an item costs points or money' });
export type PointsItemConfig = z.infer<typeof pointsItemConfigSchema>;

export const pointsConfigSchema = z.strictObject({
  /** Cash → points: points per currency unit. 0: members cannot buy points. */
  rate: ratioText.default('0'),
  earn: z
    .strictObject({
      /** Points per currency unit of valid bet, per game category (none: the category earns nothing). */
      bet: z.partialRecord(gameTypeSchema, ratioText).default({}),
      /** Points per currency unit of deposit, credited once the deposit has been wagered. */
      deposit: ratioText.default('0'),
    })
    .prefault({}),
  items: z
    .array(pointsItemConfigSchema)
    .max(200)
    .default([])
    .refine((items) => new Set(items.map((i) => i.code)).size === items.length, {
      message: 'each item code once',
    }),
  /** The rules page's text (the earning ratios are listed from the figures). */
  rules: localizedTextSchema.optional(),
});
export type PointsConfig = z.infer<typeof pointsConfigSchema>;

/** Points as a whole-number string ("1000"); a change is signed ("-600"). */
export const pointsTextSchema = z.string().regex(/^-?\d{1,19}$/);

/** GET /wps/points/balance. */
export const pointsBalanceSchema = z.object({
  points: pointsTextSchema,
  /** Points of deposits not yet wagered: credited once they are. */
  pending: pointsTextSchema,
  /** The main wallet (the payment account of conversions and points + money items). */
  mainBalance: moneyTextSchema,
});
export type PointsBalance = z.infer<typeof pointsBalanceSchema>;

/** GET /wps/points/config: the rate, the earning ratios and the rules text. */
export const pointsConfigViewSchema = z.object({
  rate: z.string(),
  earnBet: z.array(z.object({ category: gameTypeSchema, ratio: z.string() })),
  earnDeposit: z.string(),
  /** In the request's language ('' when the merchant wrote none). */
  rules: z.string(),
  /** Points never expire (spec §9). */
  expires: z.literal(false),
});
export type PointsConfigView = z.infer<typeof pointsConfigViewSchema>;

export const pointsItemSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  points: pointsTextSchema,
  /** "0.00" for a points-only item. */
  money: moneyTextSchema,
  /** Remaining quantity. */
  stock: z.number().int(),
});
export type PointsItem = z.infer<typeof pointsItemSchema>;

/** GET /wps/points/rewards: the items in stock order. */
export const pointsItemsSchema = z.object({ items: z.array(pointsItemSchema) });

/** POST /wps/points/convert (encrypted): cash from the main wallet → points at the rate. */
export const pointsConvertRequestSchema = z.strictObject({
  amount: amountSchema,
  paymentPassword: z.string().min(1).max(64),
  idempotencyKey: idempotencyKeySchema,
});
export const pointsConvertSchema = z.object({
  amount: moneyTextSchema,
  points: pointsTextSchema,
  balance: pointsTextSchema,
  /** Transaction number of the money transfer. */
  transferId: z.number().int(),
});
export type PointsConvertResult = z.infer<typeof pointsConvertSchema>;

export const POINTS_REDEEM_STATUSES = ['applying', 'rejected', 'approved'] as const;
export type PointsRedeemStatus = (typeof POINTS_REDEEM_STATUSES)[number];

/** POST /wps/points/redeem (encrypted): an item for points (and money), delivered to an address. */
export const pointsRedeemRequestSchema = z.strictObject({
  itemId: z.number().int().positive(),
  quantity: z.number().int().min(1).max(100),
  paymentPassword: z.string().min(1).max(64),
  name: z.string().trim().min(1).max(64),
  address: z.string().trim().min(5).max(300),
  mobile: z
    .string()
    .trim()
    .regex(/^\+?[0-9 -]{6,20}$/, 'a phone number'),
  idempotencyKey: idempotencyKeySchema,
});

/** A redeem record (spec §3): reference, apply time, type, name, quantity, requirement, status, remark. */
export const pointsRedemptionSchema = z.object({
  ref: z.string(),
  itemId: z.number().int(),
  /** The item's name in the request's language. */
  name: z.string(),
  /** points: points only; mixed: points + money. */
  type: z.enum(['points', 'mixed']),
  quantity: z.number().int(),
  points: pointsTextSchema,
  amount: moneyTextSchema,
  status: z.enum(POINTS_REDEEM_STATUSES),
  /** The operator's reason when rejected. */
  remark: z.string().nullable(),
  /** Epoch ms. */
  createdAt: z.number().int(),
  decidedAt: z.number().int().nullable(),
});
export type PointsRedemption = z.infer<typeof pointsRedemptionSchema>;

export const pointsRedemptionsQuerySchema = z.strictObject({
  ...pageQuerySchema,
  status: z.enum(POINTS_REDEEM_STATUSES).optional(),
});

/** A line of the points details (spec §3 Points: changed points, balance, remark, transaction number). */
export const pointsDetailSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['bet', 'deposit', 'convert', 'redeem', 'refund', 'adjust']),
  change: pointsTextSchema,
  balance: pointsTextSchema,
  remark: z.string(),
  createdAt: z.number().int(),
});
export type PointsDetail = z.infer<typeof pointsDetailSchema>;

export const pointsDetailsQuerySchema = z.strictObject({ ...pageQuerySchema });

export const pointsRoutes = {
  /** The member's points, the points still vesting and the main wallet. */
  pointsBalance: route({
    method: 'GET',
    path: '/wps/points/balance',
    auth: 'T',
    encrypted: false,
    feature: 'PTSYS3',
    query: noQuery,
    body: noBody,
    response: pointsBalanceSchema,
  }),
  /** The rate, the earning ratios and the rules. */
  pointsConfig: route({
    method: 'GET',
    path: '/wps/points/config',
    auth: 'T',
    encrypted: false,
    feature: 'PTSYS3',
    query: noQuery,
    body: noBody,
    response: pointsConfigViewSchema,
  }),
  /** The mall's items with their remaining stock. */
  pointsRewards: route({
    method: 'GET',
    path: '/wps/points/rewards',
    auth: 'T',
    encrypted: false,
    feature: 'PTSYS3',
    query: noQuery,
    body: noBody,
    response: pointsItemsSchema,
  }),
  /** Cash → points with the payment password. Body is the JSON inside the JWE. */
  pointsConvert: route({
    method: 'POST',
    path: '/wps/points/convert',
    auth: 'T',
    encrypted: true,
    feature: 'PTSYS3',
    query: noQuery,
    body: pointsConvertRequestSchema,
    response: pointsConvertSchema,
  }),
  /** Redeems an item with the payment password; the record starts as applying. Body is the JSON inside the JWE. */
  pointsRedeem: route({
    method: 'POST',
    path: '/wps/points/redeem',
    auth: 'T',
    encrypted: true,
    feature: 'PTSYS3',
    query: noQuery,
    body: pointsRedeemRequestSchema,
    response: pointsRedemptionSchema,
  }),
  /** The member's redeem records, newest first. */
  pointsRedemptions: route({
    method: 'GET',
    path: '/wps/points/redemptions',
    auth: 'T',
    encrypted: false,
    feature: 'PTSYS3',
    query: pointsRedemptionsQuerySchema,
    body: noBody,
    response: paged(pointsRedemptionSchema),
  }),
  /** The member's points transactions, newest first. */
  pointsDetails: route({
    method: 'GET',
    path: '/wps/points/details',
    auth: 'T',
    encrypted: false,
    feature: 'PTSYS3',
    query: pointsDetailsQuerySchema,
    body: noBody,
    response: paged(pointsDetailSchema),
  }),
} as const;
