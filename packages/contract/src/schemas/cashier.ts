import { z } from 'zod';
import { RECOVERY_CODE_PATTERN, TOTP_CODE_PATTERN } from '../two-factor-codes.ts';
import { amountSchema, idempotencyKeySchema, moneyTextSchema } from './wallet.ts';

/**
 * A code of the authenticator app or a recovery code, for the actions the merchant guards with the
 * second factor (accounts.secondFactorFor).
 */
export const actionSecondFactorSchema = z
  .string()
  .trim()
  .refine((v) => TOTP_CODE_PATTERN.test(v) || RECOVERY_CODE_PATTERN.test(v), 'six digits or a recovery code')
  .optional();

/**
 * The cashier: deposits (payment gateway and manual bank transfer), withdrawals with bound
 * accounts, the payment password and the confirmation flow, transfers (game wallets, upline,
 * agent to downline) and the member's account record. Amounts travel as decimal strings
 * (money.ts); times as epoch milliseconds.
 */

/** Proof images (manual deposit, withdrawal not received): png or jpg, checked by content. */
export const PROOF_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const PROOF_IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;
/** A base64 data URL of at most PROOF_IMAGE_MAX_BYTES decoded (base64 is 4/3 the size). */
export const proofImageSchema = z
  .string()
  .max(Math.ceil((PROOF_IMAGE_MAX_BYTES * 4) / 3) + 64)
  .regex(/^data:image\/(png|jpeg);base64,[A-Za-z0-9+/]+=*$/, 'a png or jpg image as a data URL');
/** The largest JSON body of a call that carries a proof image. */
export const PROOF_BODY_LIMIT_BYTES = 8 * 1024 * 1024;

export const pageQuerySchema = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(10),
};

/** The paged reply shape every list of the cashier uses. */
export const paged = <T extends z.ZodType>(item: T) =>
  z.object({
    content: z.array(item),
    pageNum: z.number().int(),
    totalPages: z.number().int(),
    total: z.number().int(),
  });

// ---------------------------------------------------------------------------------------------
// Merchant configuration (config/cashier.json)

export const depositChannelConfigSchema = z.object({
  id: z.string().regex(/^[A-Z0-9_]{1,32}$/),
  type: z.enum(['GATEWAY', 'BANK']),
  /** GATEWAY only: the adapter that serves it ("sandbox" ships with the product). */
  gateway: z.string().optional(),
  name: z.record(z.string(), z.string()),
  /** Decimal strings. */
  minAmount: z.string(),
  maxAmount: z.string(),
  /** Per language: how to pay with this channel (plain text, paragraphs split by blank lines). */
  tutorial: z.record(z.string(), z.string()).default({}),
  icon: z.string().optional(),
  /** BANK only: where the member sends the money. */
  bank: z.object({ bankName: z.string(), accountName: z.string(), accountNumber: z.string() }).optional(),
});
export type DepositChannelConfig = z.infer<typeof depositChannelConfigSchema>;

export const cashierConfigSchema = z.object({
  /** Single wallet (isSingle 1) or transfer wallets: the vendors listed in transferVendors. */
  walletMode: z.enum(['single', 'transfer']).default('single'),
  /** Transfer mode: the vendors (vassalage codes) whose games play from their own wallet. */
  transferVendors: z.array(z.string()).default([]),
  deposit: z
    .object({
      allowDeposit: z.boolean().default(true),
      allowDepositMessage: z.string().default(''),
      /** Minutes before an unpaid gateway order expires. */
      orderExpiryMinutes: z.number().int().min(1).max(1440).default(30),
      /** At most this many deposits in progress (pending) per member. */
      maxPending: z.number().int().min(1).max(20).default(3),
      channels: z.array(depositChannelConfigSchema).default([]),
    })
    .prefault({}),
  withdraw: z
    .object({
      minimumAmount: z.string().default('10.00'),
      maximumAmount: z.string().default('50000.00'),
      /** Minutes after payment before an unconfirmed withdrawal counts as received. */
      confirmTimeoutMinutes: z.number().int().min(1).max(43_200).default(1440),
      /** At most this many bound withdrawal accounts per member. */
      maxAccounts: z.number().int().min(1).max(10).default(5),
      /** Banks and e-wallets a member can bind. */
      banks: z.array(z.string()).default([]),
      ewallets: z.array(z.string()).default([]),
      /**
       * Know your customer: a withdrawal above this amount needs a verified member (docs/kyc.md);
       * null: never required.
       */
      verificationAbove: z
        .string()
        .regex(/^\d{1,13}(\.\d{1,2})?$/)
        .nullable()
        .default(null),
    })
    .prefault({}),
  /**
   * Four-eyes: an operator's approval of a withdrawal above `withdrawAbove`, and a manual balance
   * adjustment larger than `adjustAbove` (either way), waits for a second operator (docs/operators.md).
   */
  secondApproval: z
    .object({
      withdrawAbove: z
        .string()
        .regex(/^\d{1,13}(\.\d{1,2})?$/)
        .default('10000.00'),
      adjustAbove: z
        .string()
        .regex(/^\d{1,13}(\.\d{1,2})?$/)
        .default('1000.00'),
    })
    .prefault({}),
  /** Risk alerts in the console: a round's win and a withdrawal at or above these amounts. */
  alerts: z
    .object({
      largeWinAbove: z
        .string()
        .regex(/^\d{1,13}(\.\d{1,2})?$/)
        .default('5000.00'),
      largeWithdrawalAbove: z
        .string()
        .regex(/^\d{1,13}(\.\d{1,2})?$/)
        .default('5000.00'),
    })
    .prefault({}),
  transfer: z
    .object({
      /** Limits of transferUpline and an agent's downline transfers, decimal strings. */
      minimumAmount: z.string().default('1.00'),
      maximumAmount: z.string().default('100000.00'),
    })
    .prefault({}),
});
export type CashierConfig = z.infer<typeof cashierConfigSchema>;

// ---------------------------------------------------------------------------------------------
// Deposit

export const DEPOSIT_STATUS = ['PENDING', 'PAID', 'EXPIRED', 'REJECTED'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUS)[number];

export const depositChannelSchema = z.object({
  id: z.string(),
  type: z.enum(['GATEWAY', 'BANK']),
  name: z.string(),
  minAmount: moneyTextSchema,
  maxAmount: moneyTextSchema,
  tutorial: z.string(),
  icon: z.string().nullable(),
  bank: z.object({ bankName: z.string(), accountName: z.string(), accountNumber: z.string() }).nullable(),
});
export type DepositChannel = z.infer<typeof depositChannelSchema>;

/** GET /wps/cashier/deposit/settings (api-notes: deposit settings, plus the channels). */
export const depositSettingsSchema = z.object({
  allowDeposit: z.boolean(),
  allowDepositMessage: z.string(),
  inProgressCashInCount: z.number().int(),
  mobileVerificationType: z.string(),
  mobileVerified: z.boolean(),
  currency: z.string(),
  currencySymbol: z.string(),
  channels: z.array(depositChannelSchema),
});

/** POST /wps/cashier/deposit. BANK channels take the transfer reference and a proof image. */
export const depositRequestSchema = z.strictObject({
  channelId: z.string().min(1).max(32),
  amount: amountSchema,
  idempotencyKey: idempotencyKeySchema,
  /** BANK: the reference the member's bank gave the transfer. */
  reference: z.string().trim().min(1).max(64).optional(),
  proofImage: proofImageSchema.optional(),
});

export const depositOrderSchema = z.object({
  orderNo: z.string(),
  channelId: z.string(),
  channelName: z.string(),
  type: z.enum(['GATEWAY', 'BANK']),
  amount: moneyTextSchema,
  status: z.enum(DEPOSIT_STATUS),
  reference: z.string().nullable(),
  /** GATEWAY: the hosted payment page the browser opens. */
  payUrl: z.string().nullable(),
  createdAt: z.number(),
  expiresAt: z.number().nullable(),
  completedAt: z.number().nullable(),
  remark: z.string().nullable(),
});
export type DepositOrder = z.infer<typeof depositOrderSchema>;

export const depositOrdersQuerySchema = z.strictObject({ ...pageQuerySchema });
export const depositOrderQuerySchema = z.strictObject({ orderNo: z.string().min(1).max(40) });

// ---------------------------------------------------------------------------------------------
// Payment password and bound withdrawal accounts

/**
 * PUT /wps/member/password/payment (E). The first time: the login password proves who sets it;
 * after that: the current payment password.
 */
export const paymentPasswordRequestSchema = z.strictObject({
  loginPassword: z.string().max(64).optional(),
  oldPaymentPassword: z.string().max(64).optional(),
  newPaymentPassword: z.string().regex(/^\d{6}$/, 'six digits'),
  confirmPaymentPassword: z.string().max(64),
  /** When the merchant guards payment-password changes with the second factor. */
  twoFactorCode: actionSecondFactorSchema,
});
export const paymentPasswordValueSchema = z.object({ hasPaymentPassword: z.literal(true) });

/**
 * A forgotten payment password: a new one behind the second factor (twoFactorCode) or a code sent
 * to the bound mobile (smsCode, from POST /wps/member/password/payment/reset/code).
 */
export const paymentPasswordResetSchema = z
  .strictObject({
    twoFactorCode: actionSecondFactorSchema,
    smsCode: z
      .string()
      .regex(/^[0-9]{6}$/, 'six digits')
      .optional(),
    newPaymentPassword: z.string().regex(/^\d{6}$/, 'six digits'),
    confirmPaymentPassword: z.string().max(64),
  })
  .refine((v) => (v.twoFactorCode === undefined) !== (v.smsCode === undefined), {
    message: 'twoFactorCode or smsCode',
    path: ['smsCode'],
  });

export const BOUND_ACCOUNT_TYPES = ['BANK', 'EWALLET'] as const;
export const boundAccountSchema = z.object({
  id: z.number().int(),
  type: z.enum(BOUND_ACCOUNT_TYPES),
  provider: z.string(),
  payeeName: z.string(),
  /** Masked: all but the last 4 characters. */
  accountNumber: z.string(),
  createdAt: z.number(),
});
export type BoundAccount = z.infer<typeof boundAccountSchema>;

/** PUT /wps/cashier/accounts (E): binds an account; the payment password guards it. */
export const bindAccountRequestSchema = z.strictObject({
  type: z.enum(BOUND_ACCOUNT_TYPES),
  provider: z.string().trim().min(1).max(64),
  payeeName: z.string().trim().min(1).max(64),
  accountNumber: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9 -]{4,40}$/, 'letters, digits, spaces and dashes, 4 to 40'),
  paymentPassword: z.string().min(1).max(64),
});
/** POST /wps/cashier/accounts/remove (E). */
export const removeAccountRequestSchema = z.strictObject({
  id: z.number().int().positive(),
  paymentPassword: z.string().min(1).max(64),
});

// ---------------------------------------------------------------------------------------------
// Withdrawal

/**
 * PENDING: held, waiting for the operator. REJECTED: released back. PAID: paid out, waiting for
 * the member's confirmation. RECEIVED: the member confirmed all received. AUTO_RECEIVED:
 * unconfirmed past the merchant's minutes. NOT_RECEIVED: the member reported a shortfall with a
 * proof image; the operator returns the margin (MARGIN_RETURNED) or forces it received
 * (FORCED_RECEIVED, the margin not returned).
 */
export const WITHDRAW_STATUS = [
  'PENDING',
  'REJECTED',
  'PAID',
  'RECEIVED',
  'AUTO_RECEIVED',
  'NOT_RECEIVED',
  'MARGIN_RETURNED',
  'FORCED_RECEIVED',
] as const;
export type WithdrawStatus = (typeof WITHDRAW_STATUS)[number];

/** GET /wps/cashier/withdraw/settings (api-notes: withdraw settings). */
export const withdrawSettingsSchema = z.object({
  minimumAmount: moneyTextSchema,
  maximumAmount: moneyTextSchema,
  hasPaymentPassword: z.boolean(),
  confirmTimeoutMinutes: z.number().int(),
  maxAccounts: z.number().int(),
  banks: z.array(z.string()),
  ewallets: z.array(z.string()),
  accounts: z.array(boundAccountSchema),
  /** The main wallet's balance, what can be withdrawn. */
  availableBalance: moneyTextSchema,
});

/** POST /wps/cashier/withdraw (E). */
export const withdrawRequestSchema = z.strictObject({
  accountId: z.number().int().positive(),
  amount: amountSchema,
  paymentPassword: z.string().min(1).max(64),
  idempotencyKey: idempotencyKeySchema,
  /** When the merchant guards withdrawals with the second factor. */
  twoFactorCode: actionSecondFactorSchema,
});

export const withdrawOrderSchema = z.object({
  orderNo: z.string(),
  amount: moneyTextSchema,
  status: z.enum(WITHDRAW_STATUS),
  account: z.object({ type: z.enum(BOUND_ACCOUNT_TYPES), provider: z.string(), accountNumber: z.string() }),
  createdAt: z.number(),
  paidAt: z.number().nullable(),
  /** PAID: when it will count as received if the member does not answer. */
  confirmBy: z.number().nullable(),
  receivedAmount: moneyTextSchema.nullable(),
  remainingAmount: moneyTextSchema.nullable(),
  hasProof: z.boolean(),
  remark: z.string().nullable(),
});
export type WithdrawOrder = z.infer<typeof withdrawOrderSchema>;
export const withdrawOrdersQuerySchema = z.strictObject({ ...pageQuerySchema });

/**
 * POST /wps/cashier/withdraw/confirm: on a PAID withdrawal. RECEIVED: all received.
 * NOT_RECEIVED: what did arrive (0 up to less than the amount) and a proof image.
 */
export const withdrawConfirmRequestSchema = z.discriminatedUnion('result', [
  z.strictObject({ orderNo: z.string().min(1).max(40), result: z.literal('RECEIVED') }),
  z.strictObject({
    orderNo: z.string().min(1).max(40),
    result: z.literal('NOT_RECEIVED'),
    /** Decimal string; "0" when nothing arrived. */
    receivedAmount: z.string().max(32),
    /** Required: optional here only so that its absence is cashier.proof.required, not request.invalid. */
    proofImage: proofImageSchema.optional(),
  }),
]);

// ---------------------------------------------------------------------------------------------
// Wallets and transfers

/** GET /wps/member/wallet/merchant: how the merchant's wallets work (cached by the client). */
export const merchantWalletSchema = z.object({
  /** 1: one wallet for every game; 0: transfer wallets per vendor. */
  isSingle: z.union([z.literal(0), z.literal(1)]),
  vendors: z.array(z.object({ vendor: z.string(), name: z.string(), icon: z.string() })),
});

/**
 * POST /wps/relay/GCS_walletTransfer: main wallet to a vendor wallet (to = vendor) or back
 * (from = vendor); "MAIN" names the main wallet.
 */
export const walletTransferRequestSchema = z.strictObject({
  from: z.string().min(1).max(16),
  to: z.string().min(1).max(16),
  amount: amountSchema,
  idempotencyKey: idempotencyKeySchema,
});
/** POST /wps/relay/GCS_walletRecall: every vendor wallet back to the main wallet. */
export const walletRecallRequestSchema = z.strictObject({ idempotencyKey: idempotencyKeySchema });

/** POST /wps/member/transfer/upline (E): money to the member's upline. */
export const uplineTransferRequestSchema = z.strictObject({
  amount: amountSchema,
  paymentPassword: z.string().min(1).max(64),
  idempotencyKey: idempotencyKeySchema,
});
/** GET /wps/member/transfer/upline: who the upline is (null: none, the page says so). */
export const uplineInfoSchema = z.object({
  upline: z.object({ account: z.string(), nickname: z.string().nullable() }).nullable(),
  minimumAmount: moneyTextSchema,
  maximumAmount: moneyTextSchema,
  hasPaymentPassword: z.boolean(),
});

/** The reply of every member-made transfer. */
export const transferReceiptSchema = z.object({
  transferId: z.number().int(),
  amount: moneyTextSchema,
  txTypeId: z.number().int(),
  createdAt: z.number(),
  /** The paying wallet's balance after the transfer. */
  balanceAfter: moneyTextSchema,
});
export const walletRecallValueSchema = z.object({
  transfers: z.array(transferReceiptSchema),
  total: moneyTextSchema,
});

/** GET /wps/agent/downlines: an agent's direct downlines. */
export const downlinesQuerySchema = z.strictObject({
  ...pageQuerySchema,
  account: z.string().trim().max(32).optional(),
});
export const downlineSchema = z.object({
  account: z.string(),
  nickname: z.string().nullable(),
  type: z.number().int(),
  regDate: z.number(),
});
/** POST /wps/agent/downline/transfer (E): an agent sends money to one of its own downlines. */
export const downlineTransferRequestSchema = z.strictObject({
  downlineAccount: z.string().trim().min(1).max(32),
  amount: amountSchema,
  paymentPassword: z.string().min(1).max(64),
  idempotencyKey: idempotencyKeySchema,
});

// ---------------------------------------------------------------------------------------------
// Account record (transactionHistory)

/** GET /wps/member/transactions (api-notes: Transactions). txTypeIds: comma-separated TX_TYPE ids. */
export const transactionsQuerySchema = z.strictObject({
  startTime: z.coerce.number().int().min(0),
  endTime: z.coerce.number().int().min(0),
  txTypeIds: z
    .string()
    .regex(/^\d{1,3}(,\d{1,3}){0,30}$/)
    .optional(),
  ...pageQuerySchema,
});
export const transactionRowSchema = z.object({
  transferId: z.number().int(),
  txTimeInTimestamp: z.number(),
  /** Signed: negative when money left the member's wallet. */
  amount: moneyTextSchema,
  balanceAfter: moneyTextSchema,
  txTypeId: z.number().int(),
  /** Which wallet: MAIN, AGENT or VENDOR:<code>. */
  wallet: z.string(),
  /** The transfer's memo as stored (operators' words); the site shows remarkArgs' sentence. */
  remark: z.string().nullable(),
  /**
   * What the type's sentence names: `game` (its name in the request language) and `time`
   * (epoch ms the round settled) for bets and wins, `wallet` (the vendor's name) for game-wallet
   * transfers.
   */
  remarkArgs: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type TransactionRow = z.infer<typeof transactionRowSchema>;

/**
 * GET /wps/member/info/funds/consolidated: the member's pending contract requests by kind (offers
 * to it, terminations asked of it): `{ id, type: new | modification | termination, from, createdAt }`.
 */
export const consolidatedFundsSchema = z.object({
  dailysalreqtype: z.array(z.unknown()),
  divtypereq: z.array(z.unknown()),
  contracthoursalreqs: z.array(z.unknown()),
  realtimesalreqtype: z.array(z.unknown()),
});
