import { z } from 'zod';
import { LANGUAGES } from '../headers.ts';
import { paged, pageQuerySchema } from './cashier.ts';
import { gameTypeSchema } from './game-types.ts';
import { moneyTextSchema } from './wallet.ts';

/**
 * The game catalogue, lobbies, favourites, recent games, the winners board, game launch and the
 * member's betting record (spec §2 Home/lobby, §3 Game item, Favourite games, Winner board
 * entry, §4 Favourites, §7 game calls).
 */

// ---------------------------------------------------------------------------------------------
// Merchant configuration (config/games.json and the vendor entries of config/vendors.json)

/**
 * Lobby classify types (spec §3): SC scratch, VP video poker, JP jackpot, TG table, AC arcade,
 * BG bingo; SLOT (slot machine) and FISH (fishing) complete the lobby filters of spec §2.
 */
export const GAME_CLASSIFY = ['SLOT', 'JP', 'SC', 'VP', 'TG', 'AC', 'BG', 'FISH'] as const;
export const gameClassifySchema = z.enum(GAME_CLASSIFY);
export type GameClassify = z.infer<typeof gameClassifySchema>;

export const GAME_TAGS = ['hot', 'new'] as const;
export const gameTagSchema = z.enum(GAME_TAGS);

/** The in-house engines the product's own vendor runs (packages/games). */
export const INHOUSE_ENGINES = ['slot', 'baccarat', 'dice', 'plinko'] as const;
export const inhouseEngineSchema = z.enum(INHOUSE_ENGINES);
export type InhouseEngine = z.infer<typeof inhouseEngineSchema>;

const languageSchema = z.enum(LANGUAGES);
export const gameCodeSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, _ and -');
export const vassalageSchema = z.string().regex(/^[A-Z0-9_]{1,16}$/, 'upper-case letters, digits and _');

/** Multiples of stakes are kept to this many decimals (1.95 of a banker bet, 202702.5 of a slot). */
export const WIN_MULTIPLE_DECIMALS = 4;
/**
 * The most a round of a game may win, as a multiple of the round's stakes (the win includes
 * the stake returned): a seamless credit above it is held for the operator's review.
 */
export const maxWinMultipleSchema = z
  .number()
  .positive()
  .max(1e9)
  .refine(
    (m) => Math.abs(m * 10 ** WIN_MULTIPLE_DECIMALS - Math.round(m * 10 ** WIN_MULTIPLE_DECIMALS)) < 1e-6,
    `at most ${WIN_MULTIPLE_DECIMALS} decimals`,
  );
/** A vendor's absolute cap on the win of one round: a positive decimal amount like "50000.00". */
export const maxWinAmountSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,12}(?:\.[0-9]{1,2})?$/, 'a positive decimal amount like "50000.00"');
/** A bet type's name as a vendor sends it with a bet (`betType` of debit and settle). */
export const betTypeSchema = z.string().regex(/^[A-Za-z0-9_]{1,32}$/, '1–32 letters, digits and _');

/** One game of the catalogue as the operator configures it. */
export const gameConfigSchema = z.object({
  vassalage: vassalageSchema,
  gameCode: gameCodeSchema,
  /** The display name per language; EN is the fallback. */
  names: z.partialRecord(languageSchema, z.string().min(1).max(80)).refine((n) => !!n.EN, 'EN is required'),
  icon: z.string().min(1),
  classify: z.array(gameClassifySchema).default([]),
  tags: z.array(gameTagSchema).default([]),
  /** In-house games only: which engine plays it. */
  engine: inhouseEngineSchema.optional(),
  /** Listed in the lobby in ascending order. */
  sort: z.number().int().default(0),
  /** Risk limit: a round may win at most this multiple of its stakes (none when absent). */
  maxWinMultiple: maxWinMultipleSchema.optional(),
  /** The multiple of the stakes of a bet type (a bet's betType), where it differs from maxWinMultiple. */
  maxWinMultipleByBetType: z.record(betTypeSchema, maxWinMultipleSchema).optional(),
  /**
   * Switched off by the operator (`npm run ops -- game off`): never listed, favourited or launched;
   * kept in the catalogue so its open rounds settle and its records keep their names.
   */
  disabled: z.boolean().optional(),
});
export type GameConfig = z.infer<typeof gameConfigSchema>;

/**
 * Who serves a vendor's games: INHOUSE (the product's own vendor, over the seamless-wallet
 * protocol) or NONE (listed in the catalogue, not contracted for this merchant: launching says so).
 */
export const VENDOR_PROVIDERS = ['INHOUSE', 'NONE'] as const;

/** A vendor's maintenance window, epoch milliseconds. */
export const maintenanceWindowSchema = z.object({
  start: z.number().int().min(0),
  end: z.number().int().min(0),
});
export type MaintenanceWindow = z.infer<typeof maintenanceWindowSchema>;

// ---------------------------------------------------------------------------------------------
// Wire shapes

/** The key of a game in favourites and recent lists: `<vassalage>.<gameCode>`. */
export const nodeIdSchema = z
  .string()
  .regex(/^[A-Z0-9_]{1,16}\.[A-Za-z0-9_-]{1,64}$/, 'a game id like AURX.dynasty');
export const nodeIdOf = (vassalage: string, gameCode: string) => `${vassalage}.${gameCode}`;

/** A game as lists show it (spec §3 Game item), its name in the request's language. */
export const gameItemSchema = z.object({
  nodeId: z.string(),
  vassalage: z.string(),
  vendorName: z.string(),
  gameCode: z.string(),
  /** The category the game belongs to (derived categories applied). */
  gameType: gameTypeSchema,
  /** VASSALAGE: the vendor's games open in a popup game list. */
  isGame: z.enum(['VASSALAGE', 'GAME']),
  name: z.string(),
  icon: z.string(),
  classify: z.array(gameClassifySchema),
  tags: z.array(gameTagSchema),
  /** True when a trial account can play it with play money (in-house games). */
  freePlay: z.boolean(),
  /** Set while the vendor is in maintenance. */
  maintenance: maintenanceWindowSchema.nullable(),
});
export type GameItem = z.infer<typeof gameItemSchema>;

/** GET /lgw/games/popular (spec §7: isPlatform 2, platforms flash and html5-desktop). */
export const hotGamesQuerySchema = z.strictObject({
  isPlatform: z.literal('2').optional(),
  platforms: z
    .string()
    .regex(/^[a-z0-9-]+(,[a-z0-9-]+){0,4}$/)
    .optional(),
  gameType: gameTypeSchema.optional(),
  limit: z.coerce.number().int().min(1).max(50).default(24),
});
export const hotGamesSchema = z.object({ list: z.array(gameItemSchema) });

/** A vendor lane of a category: the vendor and the game types (classify) it has games of. */
export const laneSchema = z.object({
  vassalage: z.string(),
  vendorName: z.string(),
  icon: z.string(),
  gameType: gameTypeSchema,
  isGame: z.enum(['VASSALAGE', 'GAME']),
  /** Games per classify type, only types with games. */
  types: z.array(z.object({ classify: gameClassifySchema, count: z.number().int() })),
  total: z.number().int(),
  maintenance: maintenanceWindowSchema.nullable(),
});
export type Lane = z.infer<typeof laneSchema>;
/** GET /lgw/games/lanes: `value.data.lanes`. */
export const lanesQuerySchema = z.strictObject({ gameType: gameTypeSchema.optional() });
export const lanesSchema = z.object({ data: z.object({ lanes: z.array(laneSchema) }) });

/** GET /lgw/games/list: games by vendor and type, with a name search and paging. */
export const gameListQuerySchema = z.strictObject({
  vassalage: vassalageSchema.optional(),
  gameType: gameTypeSchema.optional(),
  classify: gameClassifySchema.optional(),
  tag: gameTagSchema.optional(),
  name: z.string().trim().max(40).optional(),
  ...pageQuerySchema,
  size: z.coerce.number().int().min(1).max(100).default(24),
});

export const favouriteRequestSchema = z.strictObject({ nodeId: nodeIdSchema });
export const favouriteIdsSchema = z.object({ nodeIds: z.array(z.string()) });
export const favouritesQuerySchema = z.strictObject({
  ...pageQuerySchema,
  size: z.coerce.number().int().min(1).max(100).default(24),
});
/** GET /lgw/games/recent: the member's most recently launched games, newest first. */
export const recentGamesSchema = z.object({ list: z.array(gameItemSchema) });

/** GET /lgw/games/winners (spec §9: gameCategory ALL, limitNum 20). */
export const winnersQuerySchema = z.strictObject({
  gameCategory: z.union([z.literal('ALL'), gameTypeSchema]).default('ALL'),
  limitNum: z.coerce.number().int().min(1).max(50).default(20),
});
export const winnerSchema = z.object({
  vo: z.object({
    /** Masked: the first two and last character of the account. */
    account: z.string(),
    nodeId: z.string(),
    gameName: z.string(),
    gameType: gameTypeSchema,
    winAmount: moneyTextSchema,
    /** Epoch ms of the round's close. */
    winTime: z.number(),
  }),
});
export type Winner = z.infer<typeof winnerSchema>;
export const winnersSchema = z.object({ list: z.array(winnerSchema) });

/** GET /lgw/games/rooms: PVP rooms (empty while no PVP game is contracted). */
export const roomsQuerySchema = z.strictObject({ vassalage: vassalageSchema.optional() });
export const roomSchema = z.object({
  roomId: z.string(),
  vassalage: z.string(),
  gameCode: z.string(),
  name: z.string(),
  players: z.number().int(),
  minBet: moneyTextSchema,
});
export const roomsSchema = z.object({ list: z.array(roomSchema) });

/** GET /wps/game/launchGame (api-notes: value.content.game_url). */
export const launchQuerySchema = z.strictObject({
  launchMode: z.enum(['GAME', 'LOBBY']).default('GAME'),
  vassalage: vassalageSchema,
  gameId: gameCodeSchema.optional(),
  language: languageSchema.optional(),
});
export const launchSchema = z.object({
  content: z.object({
    game_url: z.string(),
    /** real: the main wallet; play: a trial account's play money (free play). */
    mode: z.enum(['real', 'play']),
  }),
});

// ---------------------------------------------------------------------------------------------
// Betting record (personalHistoryCopy) and round recall

/** GET /wps/member/bets (api-notes: language, startDate, endDate (ms), accountType, page, size). */
export const betRecordsQuerySchema = z.strictObject({
  accountType: z.union([z.literal('ALL'), gameTypeSchema]).default('ALL'),
  startDate: z.coerce.number().int().min(0),
  endDate: z.coerce.number().int().min(0),
  language: languageSchema.optional(),
  ...pageQuerySchema,
});
export const betRowSchema = z.object({
  orderNo: z.string(),
  betTimeInTimestamp: z.number(),
  betAmount: moneyTextSchema,
  validBetAmount: moneyTextSchema,
  winAmount: moneyTextSchema,
  profitAndLoss: moneyTextSchema,
  gameName: z.string(),
  gameType: gameTypeSchema,
  nodeId: z.string(),
  /** open (bet taken, not settled), settled, cancelled (rolled back). */
  status: z.enum(['open', 'settled', 'cancelled']),
  mode: z.enum(['real', 'play']),
});
export type BetRow = z.infer<typeof betRowSchema>;
export const betTotalsSchema = z.object({
  betAmount: moneyTextSchema,
  validBetAmount: moneyTextSchema,
  winAmount: moneyTextSchema,
  profitAndLoss: moneyTextSchema,
});
export const betRecordsSchema = paged(betRowSchema).extend({ totals: betTotalsSchema });

/** GET /wps/member/bets/recall: one of the member's rounds, replayable. */
export const recallQuerySchema = z.strictObject({ orderNo: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });
export const fairProofSchema = z.object({
  serverSeedHash: z.string(),
  /** Null until the member rotates the seed pair the round was played with. */
  serverSeed: z.string().nullable(),
  clientSeed: z.string(),
  nonce: z.number().int(),
});
export type FairProof = z.infer<typeof fairProofSchema>;
export const recallSchema = z.object({
  round: betRowSchema,
  engine: inhouseEngineSchema.nullable(),
  balanceBefore: moneyTextSchema.nullable(),
  balanceAfter: moneyTextSchema.nullable(),
  /** What was dealt or spun, as the vendor reported it (engine-specific JSON). */
  detail: z.unknown().nullable(),
  fair: fairProofSchema.nullable(),
});
export type Recall = z.infer<typeof recallSchema>;

export const favouritesPageSchema = paged(gameItemSchema);
