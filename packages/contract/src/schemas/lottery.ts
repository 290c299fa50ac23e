import { z } from 'zod';
import { noBody, noQuery, route } from '../route-def.ts';
import { paged, pageQuerySchema } from './cashier.ts';
import { amountSchema, moneyTextSchema } from './wallet.ts';

/**
 * The lottery's member calls (issue 14): the game menu with each game's current issue, the
 * opened numbers (results) of a game, placing tickets and the member's tickets. The §7 names
 * serve what they mean in the specification; the rest live under /lgw/lottery.
 */

export const LOTTERY_ISSUE_STATUSES = ['open', 'closed', 'drawn', 'settled', 'cancelled'] as const;
export type LotteryIssueStatus = (typeof LOTTERY_ISSUE_STATUSES)[number];
export const LOTTERY_TICKET_STATUSES = ['pending', 'won', 'lost', 'cancelled', 'refunded'] as const;
export type LotteryTicketStatus = (typeof LOTTERY_TICKET_STATUSES)[number];

const gameCodeSchema = z.string().regex(/^[a-z0-9][a-z0-9-]{0,31}$/, 'a lottery game code');
const issueNoSchema = z.string().regex(/^\d{8}(?:-\d{4})?$/, 'an issue number like 20261126-0001');

/** A selection as the engine reads it: a position, a named option, numbers, numbers per position. */
export const lotterySelectionSchema = z.strictObject({
  at: z.number().int().min(0).max(9).optional(),
  option: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,24}$/)
    .optional(),
  numbers: z.array(z.number().int().min(0).max(9999)).min(1).max(100).optional(),
  positions: z
    .array(z.array(z.number().int().min(0).max(99)).max(100))
    .min(1)
    .max(10)
    .optional(),
});

/** One ticket of a bet: which fields apply depends on the bet type's stake kind (docs/lottery.md). */
export const lotteryTicketRequestSchema = z.strictObject({
  betType: z.string().regex(/^[a-z0-9]+(?:\.[a-z0-9-]+)+$/, 'a bet type such as ssc.position'),
  selection: lotterySelectionSchema,
  /** Prize-group and fixed-table bets: the unit (1, 0.1, 0.01) and the multiplier. */
  unit: z.enum(['1', '0.1', '0.01']).optional(),
  multiplier: z.number().int().min(1).max(1_000_000).optional(),
  prizeGroup: z.number().int().min(1).max(1999).optional(),
  /** Odds-board and amount bets: the amount per bet, at most two decimals. */
  amount: amountSchema.optional(),
  /** VN lô: the points per bet. */
  points: z.number().int().min(1).max(1_000_000).optional(),
  /** The odds board (LOTT, ZY) and the version the member saw: a changed board refuses the bet. */
  board: z
    .string()
    .regex(/^[A-Z0-9]{1,16}$/)
    .optional(),
  boardVersion: z.number().int().min(1).optional(),
});

/** The most issues one chase may cover. */
export const LOTTERY_MAX_CHASE_ISSUES = 120;
export const LOTTERY_CANCEL_REASONS = ['member', 'operator', 'system', 'stopped'] as const;
export const LOTTERY_CHASE_STATUSES = ['active', 'finished', 'stopped', 'cancelled'] as const;

/**
 * A chase: one ticket over several issues of a game, each with its own multiplier (it multiplies
 * the ticket's multiplier, or its amount or points for bets that have none), all paid up front.
 */
export const lotteryChaseRequestSchema = z.strictObject({
  gameCode: gameCodeSchema,
  ticket: lotteryTicketRequestSchema,
  /** Issues on sale now or coming, each once, in draw order. */
  issues: z
    .array(z.strictObject({ issueNo: issueNoSchema, multiplier: z.number().int().min(1).max(10_000) }))
    .min(1)
    .max(LOTTERY_MAX_CHASE_ISSUES),
  /** Stop after the first winning issue: the tickets of issues still on sale then are refunded. */
  stopOnWin: z.boolean(),
});
export const lotteryChaseCancelSchema = z.strictObject({
  chaseId: z.string().regex(/^[1-9]\d{0,17}$/),
  /** One issue of the chase; without it every issue whose sale is still open. */
  issueNo: issueNoSchema.optional(),
});
export const lotteryChaseQuerySchema = z.strictObject({ chaseId: z.string().regex(/^[1-9]\d{0,17}$/) });
export const lotteryChasesQuerySchema = z.strictObject({ ...pageQuerySchema });

export const lotteryBetRequestSchema = z.strictObject({
  gameCode: gameCodeSchema,
  /** The issue the member saw open: a bet after its sale close is refused, never moved on. */
  issueNo: issueNoSchema,
  tickets: z.array(lotteryTicketRequestSchema).min(1).max(50),
});

const issueSchema = z.object({
  issueNo: z.string(),
  /** ISO times (UTC). */
  saleOpenAt: z.string(),
  saleCloseAt: z.string(),
  drawAt: z.string(),
  status: z.enum(LOTTERY_ISSUE_STATUSES),
  /** SHA-256 of the issue's server seed, published before the first bet. */
  seedHash: z.string(),
});

/** The site's prize modes (§4): which families a page offers and on which odds board. */
export const LOTTERY_PRIZE_MODES = ['LOTT', 'ZY', 'ELOTT', 'SEA'] as const;
export const lotteryGameMenuQuerySchema = z.strictObject({
  prizeMode: z.enum(LOTTERY_PRIZE_MODES).optional(),
});
/** The in-house lottery's vendor code (config/vendors.json): its lobby card opens the lottery pages. */
export const LOTTERY_VENDOR = 'AURLT';

/** The lottery menus' account type (§3 Lottery menus): fixed. */
export const LOTTERY_ACCOUNT_TYPE_NAME = 'TCG_LOTTO_VN';
export const lotteryGameMenuSchema = z.object({
  accountTypeName: z.literal(LOTTERY_ACCOUNT_TYPE_NAME),
  /** The server's clock (ISO), so a countdown to sale close can be synced. */
  serverTime: z.string(),
  /** The prize mode asked for; null: every game, on the board of LOTT. */
  prizeMode: z.enum(LOTTERY_PRIZE_MODES).nullable(),
  /** The odds board the mode's odds-board bets are placed on (`board`, `boardVersion` of a ticket). */
  board: z.object({ code: z.string(), version: z.number().int() }),
  games: z.array(
    z.object({
      gameCode: z.string(),
      family: z.string(),
      layout: z.string().nullable(),
      name: z.string(),
      /** The issue on sale now, or null between issues. */
      current: issueSchema.nullable(),
    }),
  ),
});

export const lotteryResultsQuerySchema = z.strictObject({
  gameCode: gameCodeSchema,
  size: z.coerce.number().int().min(1).max(50).default(10),
});
/** A drawn issue: the seed is revealed with the result, never before. */
export const lotteryDrawnIssueSchema = issueSchema.extend({
  drawnAt: z.string().nullable(),
  seed: z.string(),
  /** The draw as the engine's LotteryDraw (balls, tiers, special…). */
  result: z.unknown(),
});
/** Drawn issues, newest first. */
export const lotteryResultsSchema = z.object({
  gameCode: z.string(),
  results: z.array(lotteryDrawnIssueSchema),
});
/**
 * The draw history of a game: its drawn issues, newest first, paged (at most 50 a page);
 * `issueNo` keeps only that issue (none while it is not drawn).
 */
export const lotteryDrawsQuerySchema = z.strictObject({
  gameCode: gameCodeSchema,
  issueNo: issueNoSchema.optional(),
  page: pageQuerySchema.page,
  size: z.coerce.number().int().min(1).max(50).default(20),
});

export const lotteryTicketSchema = z.object({
  ticketId: z.string(),
  gameCode: z.string(),
  issueNo: z.string(),
  betType: z.string(),
  selection: z.unknown(),
  bets: z.number().int(),
  stake: moneyTextSchema,
  payout: moneyTextSchema,
  /** The prize-group rebate paid at settlement (a bet below the member's group); 0.00 else. */
  rebate: moneyTextSchema,
  status: z.enum(LOTTERY_TICKET_STATUSES),
  /** Why a cancelled ticket was cancelled; null otherwise. */
  cancelReason: z.enum(LOTTERY_CANCEL_REASONS).nullable(),
  /** The chase the ticket is part of; null for a single bet. */
  chaseId: z.string().nullable(),
  placedAt: z.string(),
  settledAt: z.string().nullable(),
});
export const lotteryChaseSchema = z.object({
  chaseId: z.string(),
  gameCode: z.string(),
  betType: z.string(),
  selection: z.unknown(),
  stopOnWin: z.boolean(),
  /** active while a ticket waits for its draw; then finished, stopped (on a win) or cancelled. */
  status: z.enum(LOTTERY_CHASE_STATUSES),
  issues: z.number().int(),
  stake: moneyTextSchema,
  payout: moneyTextSchema,
  /** What came back for issues not played (stopped, cancelled). */
  refunded: moneyTextSchema,
  /**
   * Its issues by what became of them: played (settled as won, lost or a push), won, refunded
   * (cancelled by the member, a stop on a win, the operator or the system), and cancellable (the
   * ticket waits and its issue's sale is still open: what "cancel the rest" would refund now).
   */
  counts: z.object({
    played: z.number().int(),
    won: z.number().int(),
    refunded: z.number().int(),
    cancellable: z.number().int(),
  }),
  createdAt: z.string(),
});
export const lotteryChaseDetailSchema = lotteryChaseSchema.extend({ tickets: z.array(lotteryTicketSchema) });
export const lotteryChaseReplySchema = z.object({
  chase: lotteryChaseDetailSchema,
  balance: moneyTextSchema,
});
/** `refunded`: how many tickets this call refunded (0 when the issues had closed or were refunded already). */
export const lotteryChaseCancelReplySchema = z.object({
  chase: lotteryChaseDetailSchema,
  refunded: z.number().int(),
});
export const lotteryBetReplySchema = z.object({
  tickets: z.array(lotteryTicketSchema),
  balance: moneyTextSchema,
});

export const lotteryTicketsQuerySchema = z.strictObject({
  ...pageQuerySchema,
  gameCode: gameCodeSchema.optional(),
  status: z.enum(LOTTERY_TICKET_STATUSES).optional(),
});
export const lotteryTicketQuerySchema = z.strictObject({ ticketId: z.string().regex(/^[1-9]\d{0,17}$/) });

/**
 * The merchant's lottery configuration (config/lottery.json's shape: units, base price, prize
 * groups, tables, point prices, odds boards with their versions, limits, games), read by the
 * engine's parseLotteryConfig on the page so the slip counts and prices a bet as the server will.
 * `config` null: the merchant offers no lottery. `version` changes with every configuration change.
 */
export const lotteryConfigSchema = z.object({ version: z.number().int(), config: z.unknown() });

/**
 * The opened numeros (§7 "opened numero"): the newest drawn issue of every game of a prize mode
 * (every game without one), in the menu's order; a game not drawn yet is left out.
 */
export const lotteryOpenedSchema = z.object({
  prizeMode: z.enum(LOTTERY_PRIZE_MODES).nullable(),
  results: z.array(lotteryDrawnIssueSchema.extend({ gameCode: z.string() })),
});

/** Where a lottery launch may send the member back to: an absolute http(s) URL or a site path. */
const backUrlSchema = z.string().min(1).max(2048);
/**
 * The lottery lobby launch payload (api-notes.md): the in-house lottery's pages open on the
 * site, so the reply is the site path to go to. `backUrl` must be on the site's own origin.
 */
export const lotteryLaunchRequestSchema = z.strictObject({
  lottoArea: z.literal('VN'),
  launchMode: z.literal('LOTT'),
  lottoPrizeMode: z.enum(LOTTERY_PRIZE_MODES),
  lottoGameCode: gameCodeSchema.optional(),
  lottoView: z.enum(['betting', 'lobby']),
  device: z.enum(['WEB', 'H5', 'APP']),
  backUrl: backUrlSchema,
  language: z.string().min(2).max(8),
});
export const lotteryLaunchReplySchema = z.object({
  /** The site path (with its query) of the lottery page that serves the launch. */
  url: z.string(),
  /** The game that opens, or null for the lobby. */
  gameCode: z.string().nullable(),
});

export const lotteryRoutes = {
  lotteryConfig: route({
    method: 'GET',
    path: '/lgw/lottery/config',
    auth: 'N',
    encrypted: false,
    feature: null,
    query: noQuery,
    body: noBody,
    response: lotteryConfigSchema,
  }),
  lotteryGameMenu: route({
    method: 'GET',
    path: '/lgw/vn/games/game_menu',
    auth: 'N',
    encrypted: false,
    feature: null,
    query: lotteryGameMenuQuerySchema,
    body: noBody,
    response: lotteryGameMenuSchema,
  }),
  lotteryRecentGames: route({
    method: 'GET',
    path: '/lgw/vn/games/game_menu/recent',
    auth: 'T',
    encrypted: false,
    feature: null,
    query: lotteryGameMenuQuerySchema,
    body: noBody,
    response: lotteryGameMenuSchema,
  }),
  lotteryResults: route({
    method: 'GET',
    path: '/lgw/vn/numeros/opened/game',
    auth: 'N',
    encrypted: false,
    feature: null,
    query: lotteryResultsQuerySchema,
    body: noBody,
    response: lotteryResultsSchema,
  }),
  lotteryOpened: route({
    method: 'GET',
    path: '/lgw/vn/numeros/opened',
    auth: 'N',
    encrypted: false,
    feature: null,
    query: lotteryGameMenuQuerySchema,
    body: noBody,
    response: lotteryOpenedSchema,
  }),
  lotteryLaunch: route({
    method: 'POST',
    path: '/lgw/lottery/launch',
    auth: 'N',
    encrypted: false,
    feature: null,
    query: noQuery,
    body: lotteryLaunchRequestSchema,
    response: lotteryLaunchReplySchema,
  }),
  lotteryDraws: route({
    method: 'GET',
    path: '/lgw/lottery/draws',
    auth: 'N',
    encrypted: false,
    feature: null,
    query: lotteryDrawsQuerySchema,
    body: noBody,
    response: paged(lotteryDrawnIssueSchema),
  }),
  lotteryBet: route({
    method: 'POST',
    path: '/lgw/lottery/bets',
    auth: 'T',
    encrypted: false,
    feature: null,
    query: noQuery,
    body: lotteryBetRequestSchema,
    response: lotteryBetReplySchema,
  }),
  lotteryChase: route({
    method: 'POST',
    path: '/lgw/lottery/chases',
    auth: 'T',
    encrypted: false,
    feature: null,
    query: noQuery,
    body: lotteryChaseRequestSchema,
    response: lotteryChaseReplySchema,
  }),
  lotteryChaseCancel: route({
    method: 'POST',
    path: '/lgw/lottery/chase/cancel',
    auth: 'T',
    encrypted: false,
    feature: null,
    query: noQuery,
    body: lotteryChaseCancelSchema,
    response: lotteryChaseCancelReplySchema,
  }),
  lotteryChases: route({
    method: 'GET',
    path: '/lgw/lottery/chases',
    auth: 'T',
    encrypted: false,
    feature: null,
    query: lotteryChasesQuerySchema,
    body: noBody,
    response: paged(lotteryChaseSchema),
  }),
  lotteryChaseDetail: route({
    method: 'GET',
    path: '/lgw/lottery/chase',
    auth: 'T',
    encrypted: false,
    feature: null,
    query: lotteryChaseQuerySchema,
    body: noBody,
    response: lotteryChaseDetailSchema,
  }),
  lotteryTickets: route({
    method: 'GET',
    path: '/lgw/lottery/tickets',
    auth: 'T',
    encrypted: false,
    feature: null,
    query: lotteryTicketsQuerySchema,
    body: noBody,
    response: paged(lotteryTicketSchema),
  }),
  lotteryTicket: route({
    method: 'GET',
    path: '/lgw/lottery/ticket',
    auth: 'T',
    encrypted: false,
    feature: null,
    query: lotteryTicketQuerySchema,
    body: noBody,
    response: lotteryTicketSchema,
  }),
} as const;

export type LotteryTicketRequest = z.output<typeof lotteryTicketRequestSchema>;
export type LotteryGameMenu = z.input<typeof lotteryGameMenuSchema>;
export type LotteryResults = z.input<typeof lotteryResultsSchema>;
export type LotteryOpened = z.input<typeof lotteryOpenedSchema>;
export type LotteryLaunchRequest = z.output<typeof lotteryLaunchRequestSchema>;
export type LotteryTicket = z.input<typeof lotteryTicketSchema>;
export type LotteryBetReply = z.input<typeof lotteryBetReplySchema>;
export type LotteryChaseRequest = z.output<typeof lotteryChaseRequestSchema>;
export type LotteryChase = z.input<typeof lotteryChaseSchema>;
export type LotteryChaseDetail = z.input<typeof lotteryChaseDetailSchema>;
export type LotteryChaseReply = z.input<typeof lotteryChaseReplySchema>;
export type LotteryChaseCancelReply = z.input<typeof lotteryChaseCancelReplySchema>;
