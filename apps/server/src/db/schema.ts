import type {
  BillState,
  ContractKind,
  ContractState,
  ContractTerms,
  DepositStatus,
  MerchantConfig,
  SocialProvider,
} from '@aurum/contract';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

export const merchants = pgTable('merchants', {
  code: text('code').primaryKey(),
  config: jsonb('config').$type<MerchantConfig>().notNull(),
  maintenanceOn: boolean('maintenance_on').notNull().default(false),
  maintenanceEnd: timestamp('maintenance_end', { withTimezone: true }),
  regionOn: boolean('region_on').notNull().default(false),
  regionCountries: jsonb('region_countries').$type<string[]>().notNull().default([]),
  regionRanges: jsonb('region_ranges').$type<string[]>().notNull().default([]),
  version: integer('version').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const opsAudit = pgTable('ops_audit', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  merchantCode: text('merchant_code').notNull(),
  actor: text('actor').notNull(),
  action: text('action').notNull(),
  detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** The row's place in its merchant's hash chain (platform/audit.ts writes every row). */
  seq: bigint('seq', { mode: 'number' }).notNull(),
  prevHash: text('prev_hash').notNull(),
  hash: text('hash').notNull(),
  ip: text('ip'),
  beforeState: jsonb('before_state'),
  afterState: jsonb('after_state'),
});

/** The signed head of each merchant's audit chain, kept apart from the log. */
export const auditHeads = pgTable('audit_heads', {
  merchantCode: text('merchant_code').primaryKey(),
  seq: bigint('seq', { mode: 'number' }).notNull(),
  hash: text('hash').notNull(),
  signature: text('signature'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

const tz = (name: string) => timestamp(name, { withTimezone: true });

/** Registration fields the merchant's rules enable, kept as they were given. */
export type MemberProfile = Partial<Record<string, string>>;
/** Storage keys of the avatar's two sizes (0036). */
export interface MemberAvatar {
  large: string;
  small: string;
}

export const members = pgTable('members', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  merchantCode: text('merchant_code').notNull(),
  account: text('account').notNull(),
  accountLower: text('account_lower').notNull(),
  userName: text('user_name').notNull(),
  nickname: text('nickname'),
  /** E.164, e.g. +639171234567. */
  mobile: text('mobile'),
  countryDialingCode: text('country_dialing_code'),
  email: text('email'),
  type: integer('type').notNull().default(0),
  uplineId: bigint('upline_id', { mode: 'number' }).references((): AnyPgColumn => members.id),
  /** '/<top id>/…/<own id>/': downlines are the rows whose path starts with this one. */
  path: text('path').notNull(),
  affiliateCode: text('affiliate_code'),
  profile: jsonb('profile').$type<MemberProfile>().notNull().default({}),
  passwordHash: text('password_hash'),
  paymentPasswordHash: text('payment_password_hash'),
  passwordChangedAt: tz('password_changed_at'),
  firstLoginAt: tz('first_login_at'),
  /** "This wasn't me" (0020): the next password sign-in must change the password. */
  passwordChangeRequired: boolean('password_change_required').notNull().default(false),
  /** The member's own lottery prize group (0021); null: the merchant's default. */
  lotteryPrizeGroup: integer('lottery_prize_group'),
  language: text('language').notNull(),
  status: text('status').$type<'active' | 'disabled'>().notNull().default('active'),
  createdAt: tz('created_at').notNull().defaultNow(),
  /** 'house' (0022): the merchant's node at the top of the tree; never signs in, plays or is listed. */
  kind: text('kind').$type<'member' | 'house'>().notNull().default('member'),
  /** Uplines between the member and the house: the house 0, a top agent 1. */
  depth: integer('depth').notNull().default(0),
  /** The avatar's resized images (0036): storage keys; null when none. */
  avatar: jsonb('avatar').$type<MemberAvatar>(),
});
export type MemberRow = typeof members.$inferSelect;

/** A red envelope (0032): an agent's total split among direct downlines, one transfer per part. */
export const agentRedEnvelopes = pgTable('agent_red_envelopes', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  merchantCode: text('merchant_code').notNull(),
  agentId: bigint('agent_id', { mode: 'number' }).notNull(),
  idempotencyKey: text('idempotency_key').notNull(),
  split: text('split').$type<'equal' | 'random'>().notNull(),
  total: bigint('total', { mode: 'bigint' }).notNull(),
  parts: jsonb('parts')
    .$type<{ memberId: number; account: string; amount: string; transferId: number }[]>()
    .notNull(),
  createdAt: tz('created_at').notNull(),
});

/** An agent's own note on one of its downlines (0032). */
export const agentDownlineNotes = pgTable('agent_downline_notes', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  merchantCode: text('merchant_code').notNull(),
  agentId: bigint('agent_id', { mode: 'number' }).notNull(),
  memberId: bigint('member_id', { mode: 'number' }).notNull(),
  body: text('body').notNull(),
  createdAt: tz('created_at').notNull(),
});

/** An agent's registration links (0022): the code is an affiliate code placing sign-ups under the agent. */
export const agentLinks = pgTable('agent_links', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  merchantCode: text('merchant_code').notNull(),
  agentId: bigint('agent_id', { mode: 'number' }).notNull(),
  code: text('code').notNull(),
  memberType: text('member_type').$type<'player' | 'agent'>().notNull(),
  validity: text('validity').notNull(),
  expiresAt: tz('expires_at'),
  signups: integer('signups').notNull().default(0),
  createdAt: tz('created_at').notNull(),
  deletedAt: tz('deleted_at'),
});
export type AgentLinkRow = typeof agentLinks.$inferSelect;

export const sessions = pgTable('sessions', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  merchantCode: text('merchant_code').notNull(),
  memberId: bigint('member_id', { mode: 'number' }).notNull(),
  /**
   * 'ticket': a hand-off ticket of a signed-in member; 'social-ticket': one made by a social
   * sign-in, whose redeeming still asks for the second factor when the member has one.
   * 'view-ticket' / 'view': an operator's read-only view of the member's site (console "View as
   * player"): the ticket the operator opens, and the session it becomes, which may only read.
   */
  kind: text('kind')
    .$type<'session' | 'remember' | 'ticket' | 'social-ticket' | 'view-ticket' | 'view'>()
    .notNull(),
  tokenHash: text('token_hash').notNull(),
  deviceId: text('device_id'),
  ip: text('ip'),
  createdAt: tz('created_at').notNull(),
  lastSeenAt: tz('last_seen_at').notNull(),
  expiresAt: tz('expires_at').notNull(),
  revokedAt: tz('revoked_at'),
  /** At sign-in (0020): the User-Agent (≤ 512), two-letter country or null, device cookie hash. */
  userAgent: text('user_agent'),
  place: text('place'),
  deviceHash: text('device_hash'),
});
export type SessionRow = typeof sessions.$inferSelect;

export const serverKeys = pgTable('server_keys', {
  slot: text('slot').primaryKey(),
  kid: text('kid').notNull(),
  publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
  privateJwk: jsonb('private_jwk').$type<Record<string, unknown>>().notNull(),
  createdAt: tz('created_at').notNull().defaultNow(),
});

export const captchas = pgTable('captchas', {
  id: text('id').primaryKey(),
  merchantCode: text('merchant_code').notNull(),
  answerHash: text('answer_hash').notNull(),
  expiresAt: tz('expires_at').notNull(),
});

export const verificationCodes = pgTable('verification_codes', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  merchantCode: text('merchant_code').notNull(),
  channel: text('channel').$type<'sms' | 'email'>().notNull(),
  purpose: text('purpose')
    .$type<'register' | 'reset' | 'login' | 'login-ip' | 'unlock' | 'bind' | 'paypw-reset'>()
    .notNull(),
  recipient: text('recipient').notNull(),
  memberId: bigint('member_id', { mode: 'number' }),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  createdAt: tz('created_at').notNull(),
  expiresAt: tz('expires_at').notNull(),
  usedAt: tz('used_at'),
});

export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStartMs: bigint('window_start_ms', { mode: 'number' }).notNull(),
  expiresAtMs: bigint('expires_at_ms', { mode: 'number' }).notNull(),
});

/** Ids (jti) of accepted E bodies until their stamp expires: a replay is refused. */
export const seenJweIds = pgTable('seen_jwe_ids', {
  jti: text('jti').primaryKey(),
  expiresAtMs: bigint('expires_at_ms', { mode: 'number' }).notNull(),
});

export const outbox = pgTable('outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  merchantCode: text('merchant_code').notNull(),
  channel: text('channel').$type<'sms' | 'email'>().notNull(),
  recipient: text('recipient').notNull(),
  subject: text('subject'),
  body: text('body').notNull(),
  createdAt: tz('created_at').notNull().defaultNow(),
});

/** A provider account (OpenID Connect `sub`) linked to a member. */
export const socialIdentities = pgTable('social_identities', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  merchantCode: text('merchant_code').notNull(),
  provider: text('provider').$type<SocialProvider>().notNull(),
  subject: text('subject').notNull(),
  memberId: bigint('member_id', { mode: 'number' }).notNull(),
  email: text('email'),
  createdAt: tz('created_at').notNull(),
});
export type SocialIdentityRow = typeof socialIdentities.$inferSelect;

/** A social sign-in between its start and the provider's callback (single use, 10 minutes). */
export const oauthStates = pgTable('oauth_states', {
  stateHash: text('state_hash').primaryKey(),
  merchantCode: text('merchant_code').notNull(),
  provider: text('provider').$type<SocialProvider>().notNull(),
  bindingHash: text('binding_hash').notNull(),
  nonce: text('nonce').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  redirectUri: text('redirect_uri').notNull(),
  returnTo: text('return_to').notNull(),
  site: text('site').$type<'member' | 'agent'>().notNull(),
  language: text('language').notNull(),
  createdAt: tz('created_at').notNull(),
  expiresAt: tz('expires_at').notNull(),
  /** 0037: a link started by this signed-in member, not a sign-in. */
  linkMemberId: bigint('link_member_id', { mode: 'number' }),
});
export type OauthStateRow = typeof oauthStates.$inferSelect;

/** Two-factor sign-in (0019_two_factor.sql): the member's authenticator, its key sealed. */
export const memberTwoFactor = pgTable('member_two_factor', {
  memberId: bigint('member_id', { mode: 'number' }).primaryKey(),
  merchantCode: text('merchant_code').notNull(),
  secretSealed: text('secret_sealed').notNull(),
  createdAt: tz('created_at').notNull(),
  /** Null while a started binding waits for its first code. */
  confirmedAt: tz('confirmed_at'),
  /** The newest 30-second step a code was accepted for. */
  lastStep: bigint('last_step', { mode: 'number' }),
});
export type MemberTwoFactorRow = typeof memberTwoFactor.$inferSelect;

export const memberRecoveryCodes = pgTable(
  'member_recovery_codes',
  {
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    codeHash: text('code_hash').notNull(),
    createdAt: tz('created_at').notNull(),
    usedAt: tz('used_at'),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.codeHash] })],
);

/** The second step of a sign-in: single use, short-lived, burnt by wrong codes. */
export const twoFactorChallenges = pgTable('two_factor_challenges', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  merchantCode: text('merchant_code').notNull(),
  memberId: bigint('member_id', { mode: 'number' }).notNull(),
  ticketHash: text('ticket_hash').notNull(),
  ip: text('ip').notNull(),
  deviceId: text('device_id'),
  remember: boolean('remember').notNull().default(false),
  byPassword: boolean('by_password').notNull().default(false),
  defaultPassword: boolean('default_password').notNull().default(false),
  failures: integer('failures').notNull().default(0),
  createdAt: tz('created_at').notNull(),
  expiresAt: tz('expires_at').notNull(),
  usedAt: tz('used_at'),
});
export type TwoFactorChallengeRow = typeof twoFactorChallenges.$inferSelect;

/** What changed in a member's account security, and from where. */
export const memberSecurityEvents = pgTable('member_security_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  merchantCode: text('merchant_code').notNull(),
  memberId: bigint('member_id', { mode: 'number' }).notNull(),
  kind: text('kind').notNull(),
  ip: text('ip'),
  detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: tz('created_at').notNull(),
});

/** Every sign-in of a member, successful or not (0020_sign_in_history.sql). */
export const memberSignIns = pgTable('member_sign_ins', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  merchantCode: text('merchant_code').notNull(),
  memberId: bigint('member_id', { mode: 'number' }).notNull(),
  method: text('method').notNull(),
  success: boolean('success').notNull(),
  ip: text('ip'),
  place: text('place'),
  userAgent: text('user_agent'),
  deviceHash: text('device_hash'),
  deviceId: text('device_id'),
  createdAt: tz('created_at').notNull(),
});

/**
 * Ledger accounts (0004_ledger.sql): a member's wallet, or one shard of a system account. The
 * balance and version move only with a new entry (modules/wallet/ledger.ts).
 */
export const ledgerAccounts = pgTable('ledger_accounts', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  merchantCode: text('merchant_code').notNull(),
  memberId: bigint('member_id', { mode: 'number' }),
  code: text('code').notNull(),
  shard: integer('shard').notNull().default(0),
  balance: bigint('balance', { mode: 'bigint' }).notNull().default(0n),
  version: bigint('version', { mode: 'bigint' }).notNull().default(0n),
  mayGoNegative: boolean('may_go_negative').notNull(),
  createdAt: tz('created_at').notNull().defaultNow(),
});
export type LedgerAccountRow = typeof ledgerAccounts.$inferSelect;

/** A movement between two accounts; never edited (a correction is a reversing transfer). */
export const ledgerTransfers = pgTable('ledger_transfers', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  merchantCode: text('merchant_code').notNull(),
  idempotencyKey: text('idempotency_key').notNull(),
  requestHash: text('request_hash').notNull(),
  /** A TX_TYPE id of the contract. */
  kind: integer('kind').notNull(),
  fromAccountId: bigint('from_account_id', { mode: 'number' }).notNull(),
  toAccountId: bigint('to_account_id', { mode: 'number' }).notNull(),
  amount: bigint('amount', { mode: 'bigint' }).notNull(),
  memo: text('memo'),
  reversesTransferId: bigint('reverses_transfer_id', { mode: 'number' }),
  createdAt: tz('created_at').notNull(),
  createdBy: text('created_by').notNull(),
});
export type LedgerTransferRow = typeof ledgerTransfers.$inferSelect;

/** One side of a transfer, with the account's balance before and after and the version it made. */
export const ledgerEntries = pgTable('ledger_entries', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  merchantCode: text('merchant_code').notNull(),
  transferId: bigint('transfer_id', { mode: 'number' }).notNull(),
  accountId: bigint('account_id', { mode: 'number' }).notNull(),
  amount: bigint('amount', { mode: 'bigint' }).notNull(),
  balanceBefore: bigint('balance_before', { mode: 'bigint' }).notNull(),
  balanceAfter: bigint('balance_after', { mode: 'bigint' }).notNull(),
  accountVersion: bigint('account_version', { mode: 'bigint' }).notNull(),
});
export type LedgerEntryRow = typeof ledgerEntries.$inferSelect;

/**
 * Deposit orders (0005_deposits.sql): PENDING until the gateway's webhook or an operator settles
 * them; a PAID order names the ledger transfer that credited it.
 */
export const depositOrders = pgTable('deposit_orders', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  merchantCode: text('merchant_code').notNull(),
  orderNo: text('order_no').notNull(),
  memberId: bigint('member_id', { mode: 'number' }).notNull(),
  channelId: text('channel_id').notNull(),
  type: text('type').$type<'GATEWAY' | 'BANK'>().notNull(),
  gateway: text('gateway'),
  amount: bigint('amount', { mode: 'bigint' }).notNull(),
  currency: text('currency').notNull(),
  status: text('status').$type<DepositStatus>().notNull().default('PENDING'),
  idempotencyKey: text('idempotency_key').notNull(),
  requestHash: text('request_hash').notNull(),
  gatewayRef: text('gateway_ref'),
  payUrl: text('pay_url'),
  gatewayTxnId: text('gateway_txn_id'),
  reference: text('reference'),
  proofKey: text('proof_key'),
  createdAt: tz('created_at').notNull(),
  expiresAt: tz('expires_at'),
  completedAt: tz('completed_at'),
  remark: text('remark'),
  reviewedBy: text('reviewed_by'),
  ledgerTransferId: bigint('ledger_transfer_id', { mode: 'number' }),
});
export type DepositOrderRow = typeof depositOrders.$inferSelect;

/** The sandbox payment gateway's payments (modules/cashier/sandbox-gateway.ts). */
export const sandboxPayments = pgTable('sandbox_payments', {
  id: text('id').primaryKey(),
  merchantCode: text('merchant_code').notNull(),
  orderNo: text('order_no').notNull(),
  merchantName: text('merchant_name').notNull(),
  amount: bigint('amount', { mode: 'bigint' }).notNull(),
  currency: text('currency').notNull(),
  notifyUrl: text('notify_url').notNull(),
  returnUrl: text('return_url').notNull(),
  status: text('status').$type<'PENDING' | 'APPROVED' | 'DECLINED'>().notNull().default('PENDING'),
  txnId: text('txn_id'),
  createdAt: tz('created_at').notNull(),
  expiresAt: tz('expires_at').notNull(),
  decidedAt: tz('decided_at'),
  notifyAttempts: integer('notify_attempts').notNull().default(0),
  nextNotifyAt: tz('next_notify_at'),
  lastNotifyStatus: integer('last_notify_status'),
  notifiedAt: tz('notified_at'),
});
export type SandboxPaymentRow = typeof sandboxPayments.$inferSelect;

/** Webhook secrets that gateways generate for themselves, shared by every process. */
export const gatewaySecrets = pgTable('gateway_secrets', {
  gateway: text('gateway').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: tz('created_at').notNull().defaultNow(),
});

/**
 * The seamless-wallet protocol (0009_seamless.sql, modules/vendor): vendors' secrets, launch
 * tokens and game sessions, the vendors' transactions and the game rounds they make up.
 */
export const vendorCredentials = pgTable('vendor_credentials', {
  merchant: text('merchant').notNull(),
  vendor: text('vendor').notNull(),
  secret: text('secret').notNull(),
  createdAt: tz('created_at').notNull(),
  createdBy: text('created_by').notNull(),
});

export const vendorLaunchTokens = pgTable('vendor_launch_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  merchant: text('merchant').notNull(),
  vendor: text('vendor').notNull(),
  memberId: bigint('member_id', { mode: 'number' }).notNull(),
  gameCode: text('game_code').notNull(),
  mode: text('mode').$type<'real' | 'play'>().notNull(),
  language: text('language').notNull(),
  createdAt: tz('created_at').notNull(),
  expiresAt: tz('expires_at').notNull(),
  usedAt: tz('used_at'),
});

export const vendorSessions = pgTable('vendor_sessions', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  tokenHash: text('token_hash').notNull(),
  merchant: text('merchant').notNull(),
  vendor: text('vendor').notNull(),
  memberId: bigint('member_id', { mode: 'number' }).notNull(),
  gameCode: text('game_code').notNull(),
  mode: text('mode').$type<'real' | 'play'>().notNull(),
  language: text('language').notNull(),
  createdAt: tz('created_at').notNull(),
  lastSeenAt: tz('last_seen_at').notNull(),
  expiresAt: tz('expires_at').notNull(),
});

/** A game round: opened by a debit, settled by the closing credit, cancelled by rollbacks. */
export const gameRounds = pgTable('game_rounds', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  merchant: text('merchant').notNull(),
  vendor: text('vendor').notNull(),
  roundId: text('round_id').notNull(),
  orderNo: text('order_no').notNull(),
  memberId: bigint('member_id', { mode: 'number' }).notNull(),
  gameCode: text('game_code').notNull(),
  mode: text('mode').$type<'real' | 'play'>().notNull(),
  status: text('status').$type<'open' | 'settled' | 'cancelled'>().notNull(),
  betMinor: bigint('bet_minor', { mode: 'bigint' }).notNull().default(0n),
  winMinor: bigint('win_minor', { mode: 'bigint' }).notNull().default(0n),
  balanceBeforeMinor: bigint('balance_before_minor', { mode: 'bigint' }),
  balanceAfterMinor: bigint('balance_after_minor', { mode: 'bigint' }),
  detail: jsonb('detail').$type<unknown>(),
  fair: jsonb('fair').$type<{ serverSeedHash: string; clientSeed: string; nonce: number }>(),
  openedAt: tz('opened_at').notNull(),
  settledAt: tz('settled_at'),
  /** A win of the round is held for review (0016): it takes no other call until decided. */
  held: boolean('held').notNull().default(false),
});
export type GameRoundRow = typeof gameRounds.$inferSelect;

/** A vendor's transaction, one per vendor transaction id (what makes a retry answer the same). */
export const vendorTransactions = pgTable('vendor_transactions', {
  merchant: text('merchant').notNull(),
  vendor: text('vendor').notNull(),
  txId: text('tx_id').notNull(),
  kind: text('kind').$type<'debit' | 'credit' | 'settle' | 'rollback' | 'tombstone'>().notNull(),
  requestHash: text('request_hash'),
  roundId: text('round_id'),
  memberId: bigint('member_id', { mode: 'number' }),
  amountMinor: bigint('amount_minor', { mode: 'bigint' }),
  winMinor: bigint('win_minor', { mode: 'bigint' }),
  transferId: bigint('transfer_id', { mode: 'number' }),
  balanceMinor: bigint('balance_minor', { mode: 'bigint' }),
  originalTxId: text('original_tx_id'),
  rolledBackBy: text('rolled_back_by'),
  createdAt: tz('created_at').notNull(),
  /** The bet type a debit or settle named (0016). */
  betType: text('bet_type'),
});

/** A seamless win above its round's risk limit, held for the operator (0016_vendor_risk_holds.sql). */
export const vendorRiskHolds = pgTable('vendor_risk_holds', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  merchant: text('merchant').notNull(),
  vendor: text('vendor').notNull(),
  txId: text('tx_id').notNull(),
  kind: text('kind').$type<'credit' | 'settle'>().notNull(),
  roundPk: bigint('round_pk', { mode: 'number' }).notNull(),
  roundId: text('round_id').notNull(),
  memberId: bigint('member_id', { mode: 'number' }).notNull(),
  mode: text('mode').$type<'real' | 'play'>().notNull(),
  gameCode: text('game_code').notNull(),
  winMinor: bigint('win_minor', { mode: 'bigint' }).notNull(),
  limitMinor: bigint('limit_minor', { mode: 'bigint' }).notNull(),
  rule: text('rule').$type<'GAME_MULTIPLE' | 'VENDOR_CAP'>().notNull(),
  stakesMinor: bigint('stakes_minor', { mode: 'bigint' }).notNull(),
  winsMinor: bigint('wins_minor', { mode: 'bigint' }).notNull(),
  closeRound: boolean('close_round').notNull(),
  detail: jsonb('detail').$type<unknown>(),
  fair: jsonb('fair').$type<unknown>(),
  status: text('status').$type<'PENDING' | 'RELEASED' | 'REJECTED'>().notNull(),
  createdAt: tz('created_at').notNull(),
  decidedAt: tz('decided_at'),
  decidedBy: text('decided_by'),
  reason: text('reason'),
  transferId: bigint('transfer_id', { mode: 'number' }),
});

export const schema = {
  merchants,
  opsAudit,
  auditHeads,
  members,
  agentLinks,
  sessions,
  serverKeys,
  captchas,
  verificationCodes,
  rateLimits,
  seenJweIds,
  outbox,
  socialIdentities,
  oauthStates,
  memberTwoFactor,
  memberRecoveryCodes,
  twoFactorChallenges,
  memberSecurityEvents,
  ledgerAccounts,
  ledgerTransfers,
  ledgerEntries,
  depositOrders,
  sandboxPayments,
  gatewaySecrets,
  vendorCredentials,
  vendorLaunchTokens,
  vendorSessions,
  gameRounds,
  vendorTransactions,
  vendorRiskHolds,
};

/** Promotions (0012_promotions.sql): sign-up joins, claims and raffle draws, one row each. */
export const promoParticipations = pgTable('promo_participations', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  merchantCode: text('merchant_code').notNull(),
  memberId: bigint('member_id', { mode: 'number' }).notNull(),
  promotionId: text('promotion_id').notNull(),
  kind: text('kind').$type<'SIGNUP' | 'CLAIM' | 'RAFFLE'>().notNull(),
  /** The UTC date of a raffle draw; '' for the others. */
  day: text('day').notNull().default(''),
  status: text('status').$type<'JOINED' | 'REWARDED' | 'CLAIMED'>().notNull(),
  amount: bigint('amount', { mode: 'bigint' }),
  ledgerTransferId: bigint('ledger_transfer_id', { mode: 'number' }),
  joinedAt: tz('joined_at').notNull(),
  rewardedAt: tz('rewarded_at'),
});
export type PromoParticipationRow = typeof promoParticipations.$inferSelect;

/** Applications to APPLICATION promotions, reviewed by an operator (0012_promotions.sql). */
export const promoApplications = pgTable('promo_applications', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  merchantCode: text('merchant_code').notNull(),
  memberId: bigint('member_id', { mode: 'number' }).notNull(),
  promotionId: text('promotion_id').notNull(),
  remark: text('remark').notNull(),
  imageKeys: jsonb('image_keys').$type<string[]>().notNull().default([]),
  status: text('status').$type<'PENDING' | 'APPROVED' | 'REJECTED'>().notNull().default('PENDING'),
  reason: text('reason'),
  amount: bigint('amount', { mode: 'bigint' }),
  ledgerTransferId: bigint('ledger_transfer_id', { mode: 'number' }),
  reviewedBy: text('reviewed_by'),
  createdAt: tz('created_at').notNull(),
  reviewedAt: tz('reviewed_at'),
});
export type PromoApplicationRow = typeof promoApplications.$inferSelect;

// Support (0013_support.sql): feedback, messages, chat rooms and live support.
export const supportFeedback = pgTable('support_feedback', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  merchant: text('merchant').notNull(),
  memberId: bigint('member_id', { mode: 'number' }).notNull(),
  type: text('type').notNull(),
  content: text('content').notNull(),
  imageKeys: jsonb('image_keys').$type<string[]>().notNull().default([]),
  status: text('status').$type<'OPEN' | 'ANSWERED'>().notNull().default('OPEN'),
  answer: text('answer'),
  answeredBy: text('answered_by'),
  answeredAt: tz('answered_at'),
  createdAt: tz('created_at').notNull(),
});
export type SupportFeedbackRow = typeof supportFeedback.$inferSelect;

export const supportMessages = pgTable('support_messages', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  merchant: text('merchant').notNull(),
  memberId: bigint('member_id', { mode: 'number' }),
  title: text('title').notNull(),
  body: text('body').notNull(),
  feedbackId: bigint('feedback_id', { mode: 'number' }),
  sentBy: text('sent_by').notNull(),
  createdAt: tz('created_at').notNull(),
});

export const supportMessageReads = pgTable('support_message_reads', {
  messageId: bigint('message_id', { mode: 'number' }).notNull(),
  memberId: bigint('member_id', { mode: 'number' }).notNull(),
  readAt: tz('read_at').notNull(),
});

export const chatMessages = pgTable('chat_messages', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  merchant: text('merchant').notNull(),
  room: text('room').notNull(),
  memberId: bigint('member_id', { mode: 'number' }).notNull(),
  author: text('author').notNull(),
  body: text('body').notNull(),
  createdAt: tz('created_at').notNull(),
  deletedAt: tz('deleted_at'),
  deletedBy: text('deleted_by'),
});
export type ChatMessageRow = typeof chatMessages.$inferSelect;

export const chatMutes = pgTable('chat_mutes', {
  merchant: text('merchant').notNull(),
  memberId: bigint('member_id', { mode: 'number' }).notNull(),
  mutedUntil: tz('muted_until').notNull(),
  mutedBy: text('muted_by').notNull(),
});

export const supportChatMessages = pgTable('support_chat_messages', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  merchant: text('merchant').notNull(),
  memberId: bigint('member_id', { mode: 'number' }).notNull(),
  sender: text('sender').$type<'MEMBER' | 'OPERATOR'>().notNull(),
  actor: text('actor'),
  body: text('body').notNull(),
  createdAt: tz('created_at').notNull(),
});

/** Agent contracts (0031_agent_contracts.sql): offers and contracts between an upline and a downline. */
export const agentContracts = pgTable('agent_contracts', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  merchantCode: text('merchant_code').notNull(),
  kind: text('kind').$type<ContractKind>().notNull(),
  uplineId: bigint('upline_id', { mode: 'number' }).notNull(),
  downlineId: bigint('downline_id', { mode: 'number' }).notNull(),
  terms: jsonb('terms').$type<ContractTerms>().notNull(),
  state: text('state').$type<ContractState>().notNull(),
  replacesId: bigint('replaces_id', { mode: 'number' }),
  terminationBy: text('termination_by').$type<'upline' | 'downline'>(),
  createdAt: tz('created_at').notNull(),
  updatedAt: tz('updated_at').notNull(),
  acceptedAt: tz('accepted_at'),
  endedAt: tz('ended_at'),
});
export type AgentContractRow = typeof agentContracts.$inferSelect;

/** One settlement of a contract for a period (0031): UNIQUE (contract_id, period_key). */
export const agentContractBills = pgTable('agent_contract_bills', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  merchantCode: text('merchant_code').notNull(),
  contractId: bigint('contract_id', { mode: 'number' }).notNull(),
  kind: text('kind').$type<ContractKind>().notNull(),
  periodKey: text('period_key').notNull(),
  periodStart: tz('period_start').notNull(),
  periodEnd: tz('period_end').notNull(),
  payerId: bigint('payer_id', { mode: 'number' }),
  payeeId: bigint('payee_id', { mode: 'number' }).notNull(),
  depth: integer('depth').notNull(),
  figures: jsonb('figures').$type<Record<string, string | number>>().notNull(),
  tier: integer('tier'),
  amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
  netMinor: bigint('net_minor', { mode: 'bigint' }).notNull(),
  paidMinor: bigint('paid_minor', { mode: 'bigint' }).notNull(),
  carryMinor: bigint('carry_minor', { mode: 'bigint' }).notNull(),
  transferIds: jsonb('transfer_ids').$type<number[]>().notNull(),
  state: text('state').$type<BillState>().notNull(),
  createdAt: tz('created_at').notNull(),
  updatedAt: tz('updated_at').notNull(),
  /** DAYSALMR (0042): the end of a claimable bill's claim window; null: paid by the settlement. */
  claimUntil: tz('claim_until'),
  claimedAt: tz('claimed_at'),
  rejectReason: text('reject_reason'),
});
