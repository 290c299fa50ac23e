import { z } from 'zod';
import { parseMoney } from '../money.ts';

/**
 * Wallet and ledger: amounts on the wire, the balance reply, the transaction types a record
 * shows and the idempotency key every money movement carries.
 */

/** The largest single movement: 10 trillion major units. Anything above is refused, never clipped. */
export const MAX_AMOUNT_MINOR = 10n ** 15n;

/** A money value as the server sends it: a decimal string with exactly two decimals. */
export const moneyTextSchema = z.string().regex(/^-?\d{1,19}\.\d{2}$/, 'a decimal string like "12.50"');

/**
 * A positive amount as a client sends it: a decimal string of at most two decimals ("10",
 * "10.5", "10.50"), parsed to integer minor units. Numbers, signs, exponents, three decimals,
 * zero and amounts above MAX_AMOUNT_MINOR are refused.
 */
export const amountSchema = z
  .string()
  .max(32)
  .transform((text, ctx) => {
    const minor = /^\s*-/.test(text) ? null : parseMoney(text);
    if (minor === null) {
      ctx.addIssue({ code: 'custom', message: 'a positive decimal amount with at most two decimals' });
      return z.NEVER;
    }
    if (minor <= 0n) {
      ctx.addIssue({ code: 'custom', message: 'the amount must be more than zero' });
      return z.NEVER;
    }
    if (minor > MAX_AMOUNT_MINOR) {
      ctx.addIssue({ code: 'custom', message: 'the amount is too large' });
      return z.NEVER;
    }
    return minor;
  });

/** Like amountSchema, but signed (an operator's adjustment: credit or debit); never zero. */
export const signedAmountSchema = z
  .string()
  .max(32)
  .transform((text, ctx) => {
    const minor = parseMoney(text);
    if (minor === null || minor === 0n || minor > MAX_AMOUNT_MINOR || minor < -MAX_AMOUNT_MINOR) {
      ctx.addIssue({
        code: 'custom',
        message: 'a non-zero decimal amount with at most two decimals, within the limit',
      });
      return z.NEVER;
    }
    return minor;
  });

/**
 * Made by the client before it sends a money movement; the same key with the same request
 * returns the first result, with another request it is refused (idempotency.conflict).
 */
export const idempotencyKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9:._-]{0,127}$/, 'letters, digits and : . _ -, at most 128 characters');

/**
 * Transaction types (txTypeId): the kind of every ledger transfer, as the member's transaction
 * records show it. Ids are stable; add new ones at the end.
 */
export const TX_TYPE = {
  deposit: 1,
  withdrawal: 2,
  /** Main wallet to a transfer-mode vendor's game wallet. */
  transferToGame: 3,
  /** A game wallet back to the main wallet. */
  transferFromGame: 4,
  bet: 5,
  win: 6,
  bonus: 7,
  rebate: 8,
  /** An operator's correction of a balance (npm run ops -- adjust). */
  adjustment: 9,
  /** Undoes an earlier transfer; the record names the transfer it reverses. */
  reversal: 10,
  /** Money set aside (a withdrawal in progress). */
  hold: 11,
  /** Money set aside that returns to the main wallet. */
  release: 12,
  agentTransfer: 13,
  points: 14,
  /** Play money for a trial account; never real. */
  playMoney: 15,
  salary: 16,
  dividend: 17,
} as const;
export type TxTypeId = (typeof TX_TYPE)[keyof typeof TX_TYPE];
export const TX_TYPE_IDS: ReadonlySet<number> = new Set(Object.values(TX_TYPE));

/** accountTypeId of the balance reply. */
export const ACCOUNT_TYPE = {
  /** The main wallet (for a trial account: its play money). */
  main: 2,
  /** A transfer-mode vendor's game wallet; `vendor` names it. */
  game: 3,
} as const;

export const walletBalanceLineSchema = z.object({
  accountTypeId: z.number().int(),
  availBalance: moneyTextSchema,
  /** Game wallets only: the vendor (vassalage) code. */
  vendor: z.string().optional(),
});

/** GET /wps/v2/wallets/balance. */
export const walletBalanceSchema = z.object({
  /** The main wallet plus every game wallet. */
  sumBalance: moneyTextSchema,
  balance: z.array(walletBalanceLineSchema),
  currency: z.string(),
  currencySymbol: z.string(),
  /** True for trial accounts: the balance is play money that can never be withdrawn. */
  playMoney: z.boolean(),
});
export type WalletBalance = z.infer<typeof walletBalanceSchema>;
