import { createHash } from 'node:crypto';
import {
  minorToDecimal,
  parseMoney,
  type WithdrawOrder,
  type withdrawConfirmRequestSchema,
  type withdrawRequestSchema,
  type withdrawSettingsSchema,
} from '@aurum/contract';
import type { z } from 'zod';
import type { MemberRow } from '../../db/schema.ts';
import { type Clock, MINUTE_MS } from '../../platform/clock.ts';
import { randomString } from '../../platform/crypto.ts';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { EventBus } from '../../platform/events.ts';
import type { Job } from '../../platform/jobs.ts';
import type { MerchantState } from '../../platform/merchants.ts';
import { constraintOf, sqlState } from '../../platform/sql.ts';
import type { BlobStorage } from '../../platform/storage.ts';
import { requireRealAccount } from '../accounts/index.ts';
import type { Ledger } from '../wallet/index.ts';
import { presentBoundAccount } from './bound-accounts.ts';
import { findLiveAccount, listLiveAccounts, lockMember } from './bound-accounts-repository.ts';
import type { PaymentPasswords } from './payment-password.ts';
import { readProofImage } from './proof-image.ts';
import { withdrawConfig } from './withdraw-config.ts';
import { presentWithdrawOrder, publishWithdrawal } from './withdraw-presenter.ts';
import {
  autoReceive,
  changeStatus,
  findByKey,
  findByOrderNo,
  insertOrder,
  listMemberOrders,
} from './withdraw-repository.ts';

type RequestBody = z.output<typeof withdrawRequestSchema>;
type ConfirmBody = z.output<typeof withdrawConfirmRequestSchema>;
type Settings = z.input<typeof withdrawSettingsSchema>;

/** The storage prefix of the images members upload with NOT_RECEIVED. */
export const WITHDRAW_PROOF_PREFIX = 'withdraw-proof';
const ORDER_NO_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** "W20260301" + 10 random characters: unguessable, and sorted by day when listed. */
function newOrderNo(now: Date): string {
  const day = now.toISOString().slice(0, 10).replaceAll('-', '');
  return `W${day}${randomString(ORDER_NO_ALPHABET, 10)}`;
}

/** The ledger keys of an order's movements: one per movement, so none can happen twice. */
export const withdrawKey = (orderNo: string, step: 'hold' | 'payout' | 'release' | 'margin') =>
  `withdraw:${orderNo}:${step}`;

const requestHashOf = (body: RequestBody) =>
  createHash('sha256')
    .update(JSON.stringify(['withdraw', body.accountId, body.amount.toString()]))
    .digest('hex');

export interface WithdrawDeps {
  database: Database;
  ledger: Ledger;
  clock: Clock;
  storage: BlobStorage;
  passwords: PaymentPasswords;
  /** Tells the member's open browsers (other tabs too) a withdrawal's new status. */
  events?: EventBus;
  /**
   * Know your customer: refuses (kyc.required) a withdrawal of this amount by a member who is not
   * verified where the merchant requires it (the kyc module, wired by the app).
   */
  verification?: WithdrawalVerification;
}

export type WithdrawalVerification = (
  merchant: MerchantState,
  memberId: number,
  amountMinor: bigint,
) => Promise<void>;

/**
 * A member's withdrawals: the request (its amount held at once), the list and the
 * confirmation after payment. The operator's side is in withdraw-ops.ts.
 */
export class WithdrawService {
  constructor(private readonly deps: WithdrawDeps) {}

  async settings(merchant: MerchantState, member: MemberRow): Promise<Settings> {
    requireRealAccount(merchant, member);
    const { db } = this.deps.database;
    const config = withdrawConfig(merchant);
    const [accounts, hasPaymentPassword, balances] = await Promise.all([
      listLiveAccounts(db, merchant.code, member.id),
      this.deps.passwords.has(db, merchant.code, member.id),
      this.deps.ledger.balances(db, merchant.code, member.id),
    ]);
    const main = balances.find((a) => a.code === 'MAIN')?.balanceMinor ?? 0n;
    return {
      minimumAmount: minorToDecimal(config.minimumMinor),
      maximumAmount: minorToDecimal(config.maximumMinor),
      hasPaymentPassword,
      confirmTimeoutMinutes: config.confirmTimeoutMinutes,
      maxAccounts: config.maxAccounts,
      banks: config.banks,
      ewallets: config.ewallets,
      accounts: accounts.map(presentBoundAccount),
      availableBalance: minorToDecimal(main),
    };
  }

  /**
   * Asks for a withdrawal: the amount moves from the main wallet to the hold in the
   * transaction that records the order. The client's key makes a double click or a retry
   * answer with the first order; the same key for another request is refused.
   */
  async request(merchant: MerchantState, member: MemberRow, body: RequestBody): Promise<WithdrawOrder> {
    requireRealAccount(merchant, member);
    const config = withdrawConfig(merchant);
    if (body.amount < config.minimumMinor || body.amount > config.maximumMinor) {
      throw new AppError('cashier.amount.out.of.range', undefined, {
        minimumAmount: minorToDecimal(config.minimumMinor),
        maximumAmount: minorToDecimal(config.maximumMinor),
      });
    }
    const { database, passwords } = this.deps;
    await passwords.verify(database.db, merchant.code, member.id, body.paymentPassword);
    await this.deps.verification?.(merchant, member.id, body.amount);
    try {
      return await this.hold(merchant.code, member.id, body);
    } catch (e) {
      // Two requests with one key that met outside the member lock: the first one's order.
      if (sqlState(e) === '23505' && constraintOf(e) === 'withdraw_orders_key_idx') {
        return this.hold(merchant.code, member.id, body);
      }
      throw e;
    }
  }

  private async hold(merchant: string, memberId: number, body: RequestBody): Promise<WithdrawOrder> {
    const { ledger, clock } = this.deps;
    const requestHash = requestHashOf(body);
    // The hold account is made (on a first withdrawal) before the transaction: making one reads
    // the merchant's settings, which must not wait on the open transaction (PGlite has one
    // connection, so a read outside it would wait for it forever).
    await ledger.accountFor(this.deps.database.db, merchant, memberId, 'HOLD');
    return ledger.run(async (tx) => {
      // Requests of one member one at a time: the second of a double click waits here and then
      // finds the first one's order.
      if (!(await lockMember(tx, merchant, memberId))) throw new AppError('user.or.token.invalid');
      const existing = await findByKey(tx, merchant, memberId, body.idempotencyKey);
      if (existing) {
        if (existing.requestHash !== requestHash) throw new AppError('idempotency.conflict');
        return presentWithdrawOrder(existing);
      }
      const account = await findLiveAccount(tx, merchant, memberId, body.accountId);
      if (!account) throw new AppError('cashier.account.not.found');
      const now = new Date(clock.now());
      const orderNo = newOrderNo(now);
      const hold = await ledger.hold(tx, {
        merchant,
        memberId,
        amountMinor: body.amount,
        idempotencyKey: withdrawKey(orderNo, 'hold'),
        memo: `withdrawal ${orderNo}`,
        actor: `member:${memberId}`,
      });
      if (hold.replayed) throw new Error(`withdrawal order number ${orderNo} was used before`);
      await insertOrder(tx, {
        merchant,
        orderNo,
        memberId,
        account,
        amountMinor: body.amount,
        idempotencyKey: body.idempotencyKey,
        requestHash,
        holdTransferId: hold.transferId,
        createdAt: now,
      });
      const created = await findByOrderNo(tx, merchant, orderNo);
      if (!created) throw new Error(`withdrawal ${orderNo} vanished`);
      return presentWithdrawOrder(created);
    });
  }

  /** The member's own orders, newest first; overdue PAID orders are counted received first. */
  async orders(merchant: MerchantState, member: MemberRow, page: { page: number; size: number }) {
    requireRealAccount(merchant, member);
    const { db } = this.deps.database;
    await autoReceive(db, new Date(this.deps.clock.now()), { merchant: merchant.code, memberId: member.id });
    const { rows, total } = await listMemberOrders(db, merchant.code, member.id, {
      offset: (page.page - 1) * page.size,
      limit: page.size,
    });
    return {
      content: rows.map(presentWithdrawOrder),
      pageNum: page.page,
      totalPages: Math.ceil(total / page.size),
      total,
    };
  }

  /**
   * The member's answer to a PAID order, before its confirmation time: all RECEIVED, or
   * NOT_RECEIVED with what did arrive (less than the amount) and a proof image. No money
   * moves here; the operator settles a NOT_RECEIVED order.
   */
  async confirm(merchant: MerchantState, member: MemberRow, body: ConfirmBody): Promise<WithdrawOrder> {
    requireRealAccount(merchant, member);
    const { database, clock, storage } = this.deps;
    const { db } = database;
    const now = new Date(clock.now());
    await autoReceive(db, now, { merchant: merchant.code, memberId: member.id });
    const order = await findByOrderNo(db, merchant.code, body.orderNo, { memberId: member.id });
    if (!order) throw new AppError('cashier.order.not.found');
    if (order.status !== 'PAID') throw new AppError('cashier.order.state');
    let changed: boolean;
    if (body.result === 'RECEIVED') {
      changed = await changeStatus(
        db,
        order.id,
        'PAID',
        { status: 'RECEIVED', confirmedAt: now },
        { confirmByAfter: now },
      );
    } else {
      const receivedMinor = parseReceived(body.receivedAmount, order.amountMinor);
      if (!body.proofImage) throw new AppError('cashier.proof.required');
      const image = readProofImage(body.proofImage);
      const proofKey = await storage.put(WITHDRAW_PROOF_PREFIX, image.bytes, image.mime);
      changed = await changeStatus(
        db,
        order.id,
        'PAID',
        { status: 'NOT_RECEIVED', confirmedAt: now, receivedMinor, proofKey },
        { confirmByAfter: now },
      );
    }
    if (!changed) throw new AppError('cashier.order.state');
    const updated = await findByOrderNo(db, merchant.code, body.orderNo, { memberId: member.id });
    publishWithdrawal(this.deps.events, merchant.code, updated!);
    return presentWithdrawOrder(updated!);
  }

  /**
   * Every PAID order of every merchant past its confirmation time counts as received. Safe in
   * several processes at once (one conditional update); reads of a member's orders apply it too.
   */
  autoReceiveJob(): Job {
    return {
      name: 'withdraw-auto-received',
      everyMs: MINUTE_MS,
      run: async (now) => {
        const received = await autoReceive(this.deps.database.db, new Date(now));
        for (const order of received) publishWithdrawal(this.deps.events, order.merchant, order);
        return received.length;
      },
    };
  }
}

/** What arrived of a withdrawal: 0 up to less than its amount, at most two decimals. */
function parseReceived(text: string, amountMinor: bigint): bigint {
  const minor = /^\s*-/.test(text) ? null : parseMoney(text);
  if (minor === null) {
    throw new AppError('request.invalid', undefined, {
      receivedAmount: 'an amount of at least 0 with at most two decimals',
    });
  }
  if (minor >= amountMinor) {
    throw new AppError(
      'cashier.amount.out.of.range',
      'What arrived must be less than the amount withdrawn.',
      {
        maximumAmount: minorToDecimal(amountMinor),
      },
    );
  }
  return minor;
}
