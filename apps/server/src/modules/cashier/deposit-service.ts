import { createHash, randomBytes } from 'node:crypto';
import {
  type DepositChannelConfig,
  type DepositOrder,
  type depositRequestSchema,
  type depositSettingsSchema,
  minorToDecimal,
} from '@aurum/contract';
import type { z } from 'zod';
import type { DepositOrderRow, MemberRow } from '../../db/schema.ts';
import { type Clock, MINUTE_MS } from '../../platform/clock.ts';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { MerchantState } from '../../platform/merchants.ts';
import { constraintOf, sqlState } from '../../platform/sql.ts';
import type { BlobStorage } from '../../platform/storage.ts';
import { requireRealAccount } from '../accounts/index.ts';
import { cashierConfig, channelLimits } from './deposit-config.ts';
import { presentChannel, presentOrder } from './deposit-presenter.ts';
import {
  attachPayment,
  countInProgress,
  findByKey,
  findByOrderNo,
  insertOrder,
  listMemberOrders,
  lockMember,
} from './deposit-repository.ts';
import type { Gateways } from './gateway.ts';
import { readProofImage } from './proof-image.ts';

type DepositRequest = z.output<typeof depositRequestSchema>;
type DepositSettings = z.input<typeof depositSettingsSchema>;

/** Where the member's request came in: what the gateway needs to reach us and send the payer back. */
export interface RequestSite {
  language: string;
  /** The origin the gateway's webhook is sent to (PUBLIC_URL, or this server's own socket). */
  notifyOrigin: string;
  /** The origin the payer returns to: PUBLIC_URL, or '' (a path on the site the payer is on). */
  returnOrigin: string;
}

export interface DepositServiceDeps {
  database: Database;
  clock: Clock;
  storage: BlobStorage;
  gateways: Gateways;
  log: { warn(obj: object, msg: string): void };
}

export const PROOF_PREFIX = 'deposit-proof';
const ORDER_NO_TRIES = 3;
/** Crockford's base 32: no I, L, O or U, so an order number read aloud is not misheard. */
const ORDER_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** "D260301" and ten random characters: the date helps people, the rest makes it unique. */
export function newOrderNo(nowMs: number): string {
  const day = new Date(nowMs).toISOString().slice(2, 10).replaceAll('-', '');
  const bytes = randomBytes(10);
  let tail = '';
  for (const b of bytes) tail += ORDER_ALPHABET[b & 31];
  return `D${day}${tail}`;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** What makes two requests with one key the same request. */
const requestHash = (body: DepositRequest) =>
  sha256(
    JSON.stringify([
      body.channelId,
      `${body.amount}`,
      body.reference ?? null,
      body.proofImage ? sha256(body.proofImage) : null,
    ]),
  );

/** What members do with deposits: see the channels, make an order, read their own orders. */
export class DepositService {
  constructor(private readonly deps: DepositServiceDeps) {}

  /** A channel the member can use now: limits that make sense and a way to pay. */
  private usable(channel: DepositChannelConfig) {
    const limits = channelLimits(channel);
    if (!limits) return null;
    if (channel.type === 'BANK' ? !channel.bank : !this.deps.gateways.get(channel.gateway)) return null;
    return limits;
  }

  async settings(merchant: MerchantState, member: MemberRow, language: string): Promise<DepositSettings> {
    requireRealAccount(merchant, member);
    const config = cashierConfig(merchant).deposit;
    const channels = config.channels.flatMap((c) => {
      const limits = this.usable(c);
      return limits ? [presentChannel(c, limits, language)] : [];
    });
    const now = new Date(this.deps.clock.now());
    return {
      allowDeposit: config.allowDeposit,
      allowDepositMessage: config.allowDepositMessage,
      inProgressCashInCount: await countInProgress(this.deps.database.db, merchant.code, member.id, now),
      // Deposits do not ask for a verified mobile number.
      mobileVerificationType: 'NONE',
      mobileVerified: member.mobile !== null,
      currency: merchant.config.brand.currency,
      currencySymbol: merchant.config.brand.currencySymbol,
      channels,
    };
  }

  /**
   * A new order (or, for a key used before with the same request, the first one). GATEWAY: the
   * order is kept first and the gateway asked for its payment after, so an order never exists
   * at the gateway without existing here; a gateway that does not answer leaves the order
   * pending without a payment page, and the same request again asks again.
   */
  async create(
    merchant: MerchantState,
    member: MemberRow,
    body: DepositRequest,
    site: RequestSite,
  ): Promise<DepositOrder> {
    requireRealAccount(merchant, member);
    const hash = requestHash(body);
    const earlier = await findByKey(this.deps.database.db, merchant.code, member.id, body.idempotencyKey);
    if (earlier) return this.resume(merchant, this.sameRequest(earlier, hash), site);

    const config = cashierConfig(merchant).deposit;
    if (!config.allowDeposit) {
      throw new AppError('cashier.deposit.disabled', config.allowDepositMessage || undefined);
    }
    const channel = config.channels.find((c) => c.id === body.channelId);
    const limits = channel && this.usable(channel);
    if (!channel || !limits) throw new AppError('cashier.channel.unknown');
    if (body.amount < limits.minMinor || body.amount > limits.maxMinor) {
      throw new AppError('cashier.amount.out.of.range', undefined, {
        minimumAmount: minorToDecimal(limits.minMinor),
        maximumAmount: minorToDecimal(limits.maxMinor),
      });
    }
    if (channel.type === 'GATEWAY' && (body.reference !== undefined || body.proofImage !== undefined)) {
      throw new AppError('request.invalid', undefined, {
        [body.reference !== undefined ? 'reference' : 'proofImage']: 'only for bank transfers',
      });
    }
    if (channel.type === 'BANK' && !body.reference) throw new AppError('cashier.reference.required');
    const proof = body.proofImage ? readProofImage(body.proofImage) : null;
    // Stored before the order: an order never names a file that is not there. A request that
    // loses a race with its own retry leaves an unreferenced file, never a missing one.
    const proofKey = proof ? await this.deps.storage.put(PROOF_PREFIX, proof.bytes, proof.mime) : null;

    const now = this.deps.clock.now();
    const order = await this.insert(merchant, member, config.maxPending, {
      merchantCode: merchant.code,
      memberId: member.id,
      channelId: channel.id,
      type: channel.type,
      gateway: channel.type === 'GATEWAY' ? (channel.gateway ?? null) : null,
      amount: body.amount,
      currency: merchant.config.brand.currency,
      idempotencyKey: body.idempotencyKey,
      requestHash: hash,
      reference: channel.type === 'BANK' ? (body.reference ?? null) : null,
      proofKey,
      createdAt: new Date(now),
      expiresAt: channel.type === 'GATEWAY' ? new Date(now + config.orderExpiryMinutes * MINUTE_MS) : null,
    });
    return this.resume(merchant, this.sameRequest(order, hash), site);
  }

  private sameRequest(order: DepositOrderRow, hash: string): DepositOrderRow {
    if (order.requestHash !== hash) throw new AppError('idempotency.conflict');
    return order;
  }

  /**
   * Inserts the order while holding the member's row, so the count of orders in progress and
   * the insert are one step for that member. A concurrent request with the same key waits for
   * the first and then finds its order.
   */
  private async insert(
    merchant: MerchantState,
    member: MemberRow,
    maxPending: number,
    values: Omit<Parameters<typeof insertOrder>[1], 'orderNo'>,
  ): Promise<DepositOrderRow> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.deps.database.db.transaction(async (tx) => {
          if (!(await lockMember(tx, merchant.code, member.id))) throw new AppError('user.or.token.invalid');
          const same = await findByKey(tx, merchant.code, member.id, values.idempotencyKey);
          if (same) return same;
          const inProgress = await countInProgress(tx, merchant.code, member.id, values.createdAt);
          if (inProgress >= maxPending) throw new AppError('cashier.deposit.too.many.pending');
          const row = await insertOrder(tx, { ...values, orderNo: newOrderNo(values.createdAt.getTime()) });
          if (!row) throw new Error('the idempotency key appeared while the member was locked');
          return row;
        });
      } catch (e) {
        const clash = sqlState(e) === '23505' && constraintOf(e) === 'deposit_orders_no_idx';
        if (!clash || attempt >= ORDER_NO_TRIES) throw e;
      }
    }
  }

  /** The order as the member sees it; a gateway order without its payment page gets one. */
  private async resume(merchant: MerchantState, order: DepositOrderRow, site: RequestSite) {
    const now = this.deps.clock.now();
    let current = order;
    const payable =
      order.type === 'GATEWAY' &&
      order.status === 'PENDING' &&
      !order.payUrl &&
      (order.expiresAt?.getTime() ?? 0) > now;
    if (payable) current = await this.requestPayment(merchant, order, site);
    return presentOrder(merchant, current, site.language, now);
  }

  private async requestPayment(merchant: MerchantState, order: DepositOrderRow, site: RequestSite) {
    const gateway = this.deps.gateways.get(order.gateway);
    if (!gateway) throw new AppError('cashier.gateway.unavailable');
    let payment: Awaited<ReturnType<typeof gateway.createPayment>>;
    try {
      payment = await gateway.createPayment({
        merchant: merchant.code,
        merchantName: merchant.config.brand.name,
        orderNo: order.orderNo,
        amountMinor: order.amount,
        currency: order.currency,
        expiresAt: order.expiresAt?.getTime() ?? this.deps.clock.now(),
        notifyUrl: `${site.notifyOrigin}/wps/cashier/webhook/${encodeURIComponent(gateway.name)}`,
        returnUrl: `${site.returnOrigin}/?deposit=${encodeURIComponent(order.orderNo)}`,
      });
    } catch (e) {
      this.deps.log.warn(
        { err: e, orderNo: order.orderNo, gateway: gateway.name },
        'gateway refused a payment',
      );
      throw new AppError('cashier.gateway.unavailable');
    }
    const { db } = this.deps.database;
    return (
      (await attachPayment(db, order.id, payment.paymentRef, payment.payUrl)) ??
      (await findByOrderNo(db, order.merchantCode, order.orderNo)) ??
      order
    );
  }

  async list(merchant: MerchantState, member: MemberRow, page: number, size: number, language: string) {
    requireRealAccount(merchant, member);
    const { rows, total } = await listMemberOrders(
      this.deps.database.db,
      merchant.code,
      member.id,
      page,
      size,
    );
    const now = this.deps.clock.now();
    return {
      content: rows.map((r) => presentOrder(merchant, r, language, now)),
      pageNum: page,
      totalPages: Math.ceil(total / size),
      total,
    };
  }

  /** One of the member's own orders; another member's is as unknown as a missing one. */
  async get(merchant: MerchantState, member: MemberRow, orderNo: string, language: string) {
    requireRealAccount(merchant, member);
    const order = await findByOrderNo(this.deps.database.db, merchant.code, orderNo);
    if (!order || order.memberId !== member.id) throw new AppError('cashier.order.not.found');
    return presentOrder(merchant, order, language, this.deps.clock.now());
  }
}
