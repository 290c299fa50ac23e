import { z } from 'zod';
import { LANGUAGES } from '../headers.ts';
import { amountSchema, idempotencyKeySchema, moneyTextSchema } from './wallet.ts';

/**
 * The in-house vendor's own game API, which its game pages under /play/ call. It is the
 * vendor's side, not the platform's: a page starts with the single-use launch token of its URL,
 * gets a play session (header X-Play-Session), and every round it plays goes through the
 * platform's seamless-wallet protocol like an external vendor's would.
 */

export const PLAY_SESSION_HEADER = 'x-play-session';

/** Client seeds: 1–64 printable ASCII characters. */
export const clientSeedSchema = z
  .string()
  .regex(/^[\x21-\x7e]{1,64}$/, '1–64 printable characters, no spaces');

/** The provably-fair state of the player's current seed pair (the server seed stays secret). */
export const fairStateSchema = z.object({
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  /** The nonce the next bet will use. */
  nonce: z.number().int(),
});
export type FairState = z.infer<typeof fairStateSchema>;

/** The round id the client makes before it sends a bet: a retry returns the first result. */
const requestIdSchema = idempotencyKeySchema;

export const playSessionRequestSchema = z.strictObject({ token: z.string().min(16).max(200) });
export const playSessionSchema = z.object({
  sessionId: z.string(),
  game: z.object({
    nodeId: z.string(),
    gameCode: z.string(),
    engine: z.enum(['slot', 'baccarat', 'dice', 'plinko']),
    name: z.string(),
  }),
  /** play: free play with play money, nothing real at stake. */
  mode: z.enum(['real', 'play']),
  language: z.enum(LANGUAGES),
  currency: z.string(),
  currencySymbol: z.string(),
  balance: moneyTextSchema,
  /** Stake limits of this game for this session. */
  minStake: moneyTextSchema,
  maxStake: moneyTextSchema,
  fair: fairStateSchema.nullable(),
});
export type PlaySession = z.infer<typeof playSessionSchema>;

export const playBalanceSchema = z.object({ balance: moneyTextSchema });

// Slot ------------------------------------------------------------------------------------------
export const slotSpinRequestSchema = z.strictObject({ stake: amountSchema, requestId: requestIdSchema });
/** One base or free spin: the 5×3 window (window[reel][row] symbol ids) and its wins. */
export const slotSpinSchema = z.object({
  stops: z.array(z.number().int()),
  window: z.array(z.array(z.string())),
  lineWins: z.array(
    z.object({
      line: z.number().int(),
      symbol: z.string(),
      count: z.number().int(),
      /** [reel, row] pairs of the winning symbols. */
      positions: z.array(z.tuple([z.number().int(), z.number().int()])),
      win: moneyTextSchema,
    }),
  ),
  scatterWin: moneyTextSchema,
  freeSpinsAwarded: z.number().int(),
  /** Multiplier applied to this spin's wins (free spins). */
  multiplier: z.number().int(),
  win: moneyTextSchema,
  free: z.boolean(),
});
export const slotRoundSchema = z.object({
  orderNo: z.string(),
  stake: moneyTextSchema,
  spins: z.array(slotSpinSchema),
  totalWin: moneyTextSchema,
  balance: moneyTextSchema,
});
export type SlotRound = z.infer<typeof slotRoundSchema>;

// Baccarat --------------------------------------------------------------------------------------
export const BACCARAT_BETS = ['player', 'banker', 'tie', 'playerPair', 'bankerPair'] as const;
export const baccaratDealRequestSchema = z.strictObject({
  bets: z
    .partialRecord(z.enum(BACCARAT_BETS), amountSchema)
    .refine((b) => Object.keys(b).length > 0, 'place at least one bet'),
  requestId: requestIdSchema,
});
/** A card: rank 1–13 (A…K) and suit S H D C. */
export const cardSchema = z.object({
  rank: z.number().int().min(1).max(13),
  suit: z.enum(['S', 'H', 'D', 'C']),
});
export const baccaratRoundSchema = z.object({
  orderNo: z.string(),
  player: z.array(cardSchema),
  banker: z.array(cardSchema),
  playerTotal: z.number().int(),
  bankerTotal: z.number().int(),
  outcome: z.enum(['player', 'banker', 'tie']),
  playerPair: z.boolean(),
  bankerPair: z.boolean(),
  bets: z.array(z.object({ bet: z.enum(BACCARAT_BETS), stake: moneyTextSchema, payout: moneyTextSchema })),
  stake: moneyTextSchema,
  totalWin: moneyTextSchema,
  balance: moneyTextSchema,
});
export type BaccaratRound = z.infer<typeof baccaratRoundSchema>;

// Dice (provably fair) ---------------------------------------------------------------------------
export const diceRollRequestSchema = z.strictObject({
  stake: amountSchema,
  /** The roll is 0..9999 (shown 0.00–99.99); over wins above target, under wins below it. */
  target: z.number().int().min(1).max(9998),
  direction: z.enum(['over', 'under']),
  requestId: requestIdSchema,
});
export const diceRoundSchema = z.object({
  orderNo: z.string(),
  roll: z.number().int(),
  target: z.number().int(),
  direction: z.enum(['over', 'under']),
  /** Scaled by 10^4 (19800 = 1.98×). */
  multiplier: z.number().int(),
  win: z.boolean(),
  stake: moneyTextSchema,
  totalWin: moneyTextSchema,
  balance: moneyTextSchema,
  /** The seeds and nonce this roll used; the server seed is revealed by rotating. */
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  nonce: z.number().int(),
  fair: fairStateSchema,
});
export type DiceRound = z.infer<typeof diceRoundSchema>;

// Plinko (provably fair) -------------------------------------------------------------------------
export const PLINKO_ROWS = [8, 12, 16] as const;
export const PLINKO_RISKS = ['low', 'medium', 'high'] as const;
export const plinkoDropRequestSchema = z.strictObject({
  stake: amountSchema,
  rows: z.union([z.literal(8), z.literal(12), z.literal(16)]),
  risk: z.enum(PLINKO_RISKS),
  requestId: requestIdSchema,
});
export const plinkoRoundSchema = z.object({
  orderNo: z.string(),
  rows: z.number().int(),
  risk: z.enum(PLINKO_RISKS),
  /** 0 = left, 1 = right, one per row. */
  path: z.array(z.number().int()),
  bucket: z.number().int(),
  /** Scaled by 10^4. */
  multiplier: z.number().int(),
  stake: moneyTextSchema,
  totalWin: moneyTextSchema,
  balance: moneyTextSchema,
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  nonce: z.number().int(),
  fair: fairStateSchema,
});
export type PlinkoRound = z.infer<typeof plinkoRoundSchema>;

// Seeds -----------------------------------------------------------------------------------------
export const clientSeedRequestSchema = z.strictObject({ clientSeed: clientSeedSchema });
/** Rotating reveals the old server seed and commits to a new one (nonce back to 0). */
export const rotateSeedSchema = z.object({
  previous: z.object({
    serverSeed: z.string(),
    serverSeedHash: z.string(),
    clientSeed: z.string(),
    /** Bets made with the pair: nonces 0..nonces-1. */
    nonces: z.number().int(),
  }),
  current: fairStateSchema,
});

/**
 * The in-house game API. `auth: 'P'`: the X-Play-Session header from POST /play/api/session.
 */
export const playRoutes = {
  session: {
    method: 'POST',
    path: '/play/api/session',
    auth: 'N',
    body: playSessionRequestSchema,
    response: playSessionSchema,
  },
  balance: {
    method: 'GET',
    path: '/play/api/balance',
    auth: 'P',
    body: z.undefined(),
    response: playBalanceSchema,
  },
  slotSpin: {
    method: 'POST',
    path: '/play/api/slot/spin',
    auth: 'P',
    body: slotSpinRequestSchema,
    response: slotRoundSchema,
  },
  baccaratDeal: {
    method: 'POST',
    path: '/play/api/baccarat/deal',
    auth: 'P',
    body: baccaratDealRequestSchema,
    response: baccaratRoundSchema,
  },
  diceRoll: {
    method: 'POST',
    path: '/play/api/dice/roll',
    auth: 'P',
    body: diceRollRequestSchema,
    response: diceRoundSchema,
  },
  plinkoDrop: {
    method: 'POST',
    path: '/play/api/plinko/drop',
    auth: 'P',
    body: plinkoDropRequestSchema,
    response: plinkoRoundSchema,
  },
  fair: { method: 'GET', path: '/play/api/fair', auth: 'P', body: z.undefined(), response: fairStateSchema },
  clientSeed: {
    method: 'POST',
    path: '/play/api/fair/client-seed',
    auth: 'P',
    body: clientSeedRequestSchema,
    response: fairStateSchema,
  },
  rotateSeed: {
    method: 'POST',
    path: '/play/api/fair/rotate',
    auth: 'P',
    body: z.undefined(),
    response: rotateSeedSchema,
  },
} as const;

/** The play API's call names and their wire types (what a call sends, what it answers). */
export type PlayRouteName = keyof typeof playRoutes;
export type PlayBody<N extends PlayRouteName> = z.input<(typeof playRoutes)[N]['body']>;
export type PlayValue<N extends PlayRouteName> = z.output<(typeof playRoutes)[N]['response']>;
