import { betTypeSchema, MAX_AMOUNT_MINOR, parseMoney } from '@aurum/contract';
import { z } from 'zod';
import { TOKEN_PATTERN } from '../../platform/crypto.ts';

/**
 * The wire of the seamless-wallet protocol (docs/seamless-wallet.md), shared by the platform's
 * handler and the VendorClient: calls, headers, response codes, request schemas and replies.
 * It is the vendors' contract, not the browser's, so it lives here and not in @aurum/contract.
 */

export const SEAMLESS_PREFIX = '/seamless/v1';
export const SEAMLESS_CALLS = [
  'authenticate',
  'balance',
  'debit',
  'credit',
  'credits',
  'rollback',
  'settle',
] as const;
export type SeamlessCall = (typeof SEAMLESS_CALLS)[number];
export const isSeamlessCall = (name: string): name is SeamlessCall =>
  (SEAMLESS_CALLS as readonly string[]).includes(name);

/** Request headers, lower case as Node hands them over. */
export const SEAMLESS_HEADER = {
  vendor: 'x-vendor',
  merchant: 'merchant',
  timestamp: 'x-timestamp',
  signature: 'x-signature',
} as const;

/** Stable response codes; a vendor branches on these, never on the message. */
export const SEAMLESS_CODES = [
  'OK',
  'INSUFFICIENT_FUNDS',
  'INVALID_TOKEN',
  'SESSION_EXPIRED',
  'DUPLICATE_TRANSACTION',
  'ROUND_CLOSED',
  'UNKNOWN_TRANSACTION',
  'TRANSACTION_ROLLED_BACK',
  'INVALID_SIGNATURE',
  'INVALID_REQUEST',
  'VENDOR_UNKNOWN',
  'RATE_LIMITED',
  'INTERNAL_ERROR',
] as const;
export type SeamlessCode = (typeof SEAMLESS_CODES)[number];
export type RefusalCode = Exclude<SeamlessCode, 'OK'>;

/**
 * The HTTP status of each code: 200 for business outcomes, 401 when the caller cannot be
 * trusted, 400 for a request that cannot be read, 429 for an address that sent too many calls
 * that could not be trusted, 500 when the platform failed (retry).
 */
export const SEAMLESS_STATUS: Record<SeamlessCode, number> = {
  OK: 200,
  INSUFFICIENT_FUNDS: 200,
  INVALID_TOKEN: 200,
  SESSION_EXPIRED: 200,
  DUPLICATE_TRANSACTION: 200,
  ROUND_CLOSED: 200,
  UNKNOWN_TRANSACTION: 200,
  TRANSACTION_ROLLED_BACK: 200,
  INVALID_SIGNATURE: 401,
  VENDOR_UNKNOWN: 401,
  INVALID_REQUEST: 400,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
};

/** The most a round's detail may weigh, as JSON. */
export const MAX_DETAIL_BYTES = 32 * 1024;
/** The most a request body may weigh (a settle with the largest detail fits). */
export const MAX_BODY_BYTES = 64 * 1024;

/** A vendor's transaction id: it becomes part of a ledger key, so no ':' (the key's separator). */
export const txIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/, '1–100 letters, digits, . _ -');
export const roundIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9:._-]{0,99}$/, '1–100 letters, digits, : . _ -');
const tokenSchema = z.string().regex(TOKEN_PATTERN, 'a token as the platform issued it');
/** The member's id as a decimal string, as authenticate answered it. */
export const playerIdSchema = z.string().regex(/^[1-9]\d{0,14}$/, 'a player id as authenticate answered it');

/**
 * The documented amount format, exactly: digits without leading zeros ("0" before a decimal
 * point only), then at most two decimals after a point. No spaces around it, no sign, no
 * exponent, no other digits than 0-9 (docs/seamless-wallet.md, Field formats).
 */
export const SEAMLESS_AMOUNT = /^(?:0|[1-9][0-9]{0,15})(?:\.[0-9]{1,2})?$/;

/** A decimal string of at most two decimals, never negative, within the ledger's limit. */
function money(allowZero: boolean) {
  return z
    .string()
    .max(32)
    .transform((text, ctx) => {
      const minor = SEAMLESS_AMOUNT.test(text) ? parseMoney(text) : null;
      if (minor === null || minor > MAX_AMOUNT_MINOR || (!allowZero && minor === 0n)) {
        ctx.addIssue({
          code: 'custom',
          message: `a ${allowZero ? 'non-negative' : 'positive'} decimal amount with at most two decimals`,
        });
        return z.NEVER;
      }
      return minor;
    });
}
export const stakeSchema = money(false);
export const payoutSchema = money(true);

/** The JSON text of each detail object the schema has read, kept for the wallet's record and hash. */
const detailTexts = new WeakMap<object, string>();

/** A detail's JSON text: the one its validation wrote when it was read by detailSchema. */
export function detailJson(value: unknown): string {
  const kept = typeof value === 'object' && value !== null ? detailTexts.get(value) : undefined;
  return kept ?? JSON.stringify(value);
}

/** What was dealt or spun: any JSON up to MAX_DETAIL_BYTES, without NUL (PostgreSQL refuses it). */
export const detailSchema = z.unknown().superRefine((value, ctx) => {
  const json = JSON.stringify(value) ?? '';
  if (typeof value === 'object' && value !== null) detailTexts.set(value, json);
  if (Buffer.byteLength(json) > MAX_DETAIL_BYTES) {
    ctx.addIssue({ code: 'custom', message: `at most ${MAX_DETAIL_BYTES} bytes of JSON` });
  } else if (json.includes('\\u0000')) {
    ctx.addIssue({ code: 'custom', message: 'no NUL characters' });
  }
});

/** A provably-fair proof: the committed server seed's hash, the client seed and the nonce. */
export const fairSchema = z.strictObject({
  serverSeedHash: z.string().regex(/^[0-9a-f]{64}$/, 'a SHA-256 as 64 lower-case hex digits'),
  clientSeed: z.string().regex(/^[\x21-\x7e]{1,64}$/, '1–64 printable characters'),
  nonce: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
});

export const authenticateSchema = z.object({ token: tokenSchema });
export const balanceSchema = z.object({ sessionToken: tokenSchema });
export const debitSchema = z.object({
  sessionToken: tokenSchema,
  txId: txIdSchema,
  roundId: roundIdSchema,
  amount: stakeSchema,
  /** What kind of bet this is, for a game whose risk limits differ per bet type. */
  betType: betTypeSchema.optional(),
});
export const creditSchema = z.object({
  txId: txIdSchema,
  roundId: roundIdSchema,
  amount: payoutSchema,
  /** Settles the round (default); false leaves it open for more debits and credits. */
  closeRound: z.boolean().default(true),
  /** When given, must be the round's player. */
  playerId: playerIdSchema.optional(),
  detail: detailSchema.optional(),
  fair: fairSchema.optional(),
});
/** The most credits one `credits` call carries. */
export const MAX_BATCH_CREDITS = 1000;
/**
 * Many credits in one call (a lottery's settlement): each is the credit call's request and is
 * answered as that call would answer it, in order. Transaction ids and round ids are each
 * named once per call.
 */
export const creditsSchema = z
  .object({ credits: z.array(creditSchema).min(1).max(MAX_BATCH_CREDITS) })
  .superRefine((body, ctx) => {
    const txIds = new Set<string>();
    const roundIds = new Set<string>();
    body.credits.forEach((c, i) => {
      if (txIds.has(c.txId) || roundIds.has(c.roundId))
        ctx.addIssue({ code: 'custom', path: ['credits', i], message: 'a transaction or round named twice' });
      txIds.add(c.txId);
      roundIds.add(c.roundId);
    });
  });
export const rollbackSchema = z.object({
  txId: txIdSchema,
  /** The debit to undo. */
  originalTxId: txIdSchema,
  playerId: playerIdSchema,
  /** When given, must be the debit's round. */
  roundId: roundIdSchema.optional(),
});
export const settleSchema = z.object({
  sessionToken: tokenSchema,
  txId: txIdSchema,
  roundId: roundIdSchema,
  bet: stakeSchema,
  win: payoutSchema,
  /** What kind of bet this is, for a game whose risk limits differ per bet type. */
  betType: betTypeSchema.optional(),
  detail: detailSchema.optional(),
  fair: fairSchema.optional(),
});

export type AuthenticateRequest = z.input<typeof authenticateSchema>;
export type BalanceRequest = z.input<typeof balanceSchema>;
export type DebitRequest = z.input<typeof debitSchema>;
export type CreditRequest = z.input<typeof creditSchema>;
export type CreditsRequest = z.input<typeof creditsSchema>;
export type RollbackRequest = z.input<typeof rollbackSchema>;
export type SettleRequest = z.input<typeof settleSchema>;

export type SeamlessMode = 'real' | 'play';

export interface AuthenticateReply {
  code: 'OK';
  playerId: string;
  sessionToken: string;
  currency: string;
  balance: string;
  mode: SeamlessMode;
  gameCode: string;
  language: string;
}
export interface BalanceReply {
  code: 'OK';
  balance: string;
  currency: string;
}
/** debit, credit and settle: the round's order number is what the member's records show. */
export interface RoundReply {
  code: 'OK';
  balance: string;
  txId: string;
  roundId: string;
  orderNo: string;
  /** True when this answers a repeat of the transaction: nothing moved again. */
  replayed: boolean;
  /**
   * Only on a credit or settle whose win is above the round's risk limit: the win is held for
   * the operator's review, not paid (the balance does not include it) and the round stays open.
   */
  status?: typeof PENDING_REVIEW;
}
/** A `credits` call: each credit's own answer (its reply or its refusal), in the order sent. */
export interface CreditsReply {
  code: 'OK';
  results: (RoundReply | Refusal)[];
}
/** The status of a round reply whose win is held for review. */
export const PENDING_REVIEW = 'PENDING_REVIEW';
export interface RollbackReply {
  code: 'OK';
  balance: string;
  txId: string;
  replayed: boolean;
}
/** Any answer but OK. INSUFFICIENT_FUNDS also carries the balance. */
export interface Refusal {
  code: RefusalCode;
  message: string;
  balance?: string;
}

/** What each call answers when it succeeds. */
export interface SeamlessReplies {
  authenticate: AuthenticateReply;
  balance: BalanceReply;
  debit: RoundReply;
  credit: RoundReply;
  credits: CreditsReply;
  rollback: RollbackReply;
  settle: RoundReply;
}
export interface SeamlessRequests {
  authenticate: AuthenticateRequest;
  balance: BalanceRequest;
  debit: DebitRequest;
  credit: CreditRequest;
  credits: CreditsRequest;
  rollback: RollbackRequest;
  settle: SettleRequest;
}
export type SeamlessReply = SeamlessReplies[SeamlessCall] | Refusal;

/** A refusal as a value: thrown inside the platform's handler, answered as `{ code, message }`. */
export class SeamlessRefusal extends Error {
  constructor(
    readonly code: RefusalCode,
    message: string,
    readonly balance?: string,
  ) {
    super(message);
  }

  toReply(): Refusal {
    return this.balance === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, balance: this.balance };
  }
}
