import { randomBytes } from 'node:crypto';
import {
  GAME_TYPES,
  type Language,
  MONEY_SCALE,
  minorToDecimal,
  type PointsBalance,
  type PointsConfigView,
  type PointsDetail,
  type PointsItem,
  type PointsRedeemStatus,
  type PointsRedemption,
  parseMoney,
  pickLanguage,
  TX_TYPE,
} from '@aurum/contract';
import { cashToPoints, earnPoints, LoyaltyRuleError, redeemItem } from '@aurum/games';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { MerchantState } from '../../platform/merchants.ts';
import type { Queryable } from '../../platform/sql.ts';
import { isTrialType } from '../accounts/index.ts';
import { type Ledger, memberAccount, systemAccount } from '../wallet/index.ts';
import {
  type DetailRow,
  decideRedemption,
  depositWagering,
  detailsPage,
  findConversion,
  findRedemption,
  type ItemRow,
  insertConversion,
  insertDepositEarning,
  insertRedemption,
  insertRoundEarning,
  listItems,
  lockItem,
  pointsBalance,
  pointsTransfer,
  type RedemptionRow,
  redemptionsPage,
  setDepositEarningTransfer,
  setRoundEarningTransfer,
  setStock,
  syncItems,
  unearnedRounds,
} from './points-repository.ts';
import { rebateCategory } from './rules.ts';

/** The house account of the money side of the mall: cash bought points, the money part of items. */
export const HOUSE_POINTS = 'HOUSE:POINTS' as const;

/** What money actions need of the payment password (modules/cashier/payment-password.ts). */
export interface PaymentPasswordCheck {
  verify(q: Queryable, merchantCode: string, memberId: number, password: string): Promise<void>;
}

export interface PointsDeps {
  database: Database;
  ledger: Ledger;
  clock: Clock;
  passwords: PaymentPasswordCheck;
}

/** The merchant's points rules, read once per configuration. */
interface PointsRules {
  rate: string;
  bet: Partial<Record<(typeof GAME_TYPES)[number], string>>;
  deposit: string;
  items: Parameters<typeof syncItems>[2];
}

const cache = new WeakMap<MerchantState, PointsRules>();
const synced = new WeakMap<MerchantState, Promise<void>>();

export function pointsRulesOf(merchant: MerchantState): PointsRules {
  let rules = cache.get(merchant);
  if (!rules) {
    const p = merchant.config.loyalty.points;
    rules = {
      rate: p.rate,
      bet: p.earn.bet,
      deposit: p.earn.deposit,
      items: p.items.map((i) => ({
        code: i.code,
        name: i.name,
        description: i.description ?? null,
        image: i.image ?? null,
        pricePoints: BigInt(i.points),
        priceMinor: parseMoney(i.money) ?? 0n,
        stock: i.stock,
      })),
    };
    cache.set(merchant, rules);
  }
  return rules;
}

const isZero = (ratio: string) => /^0+(?:\.0+)?$/.test(ratio);
const ROUND_BATCH = 1_000;

/**
 * Points earned on a deposit vest once the deposit is wagered: the valid bet settled after each
 * deposit goes to the oldest deposit still open first, and a bet settled before a deposit never
 * counts for it; a bet beyond every open deposit counts for nothing. Deposits are in time order.
 * Returns the index of each deposit wagered in full.
 */
export function wageredDeposits(
  deposits: readonly { amountMinor: bigint; betAfterMinor: bigint }[],
): boolean[] {
  const open: { i: number; left: bigint }[] = [];
  const done = deposits.map(() => false);
  for (const [i, d] of deposits.entries()) {
    open.push({ i, left: d.amountMinor });
    let bet = d.betAfterMinor;
    while (bet > 0n && open.length > 0) {
      const first = open[0]!;
      const used = bet < first.left ? bet : first.left;
      first.left -= used;
      bet -= used;
      if (first.left === 0n) {
        done[first.i] = true;
        open.shift();
      }
    }
  }
  return done;
}

const refRandom = () => `PR${randomBytes(5).toString('hex').toUpperCase()}`;

const pointsText = (n: bigint) => n.toString();

/**
 * The points mall (docs/loyalty.md): the points ledger (points-repository.ts), earning on
 * valid bets and wagered deposits, cash → points, and redemptions that an operator approves or
 * rejects. Every movement of money is a ledger transfer and every movement of points a points
 * transfer, both with keys, in one database transaction.
 */
export class PointsService {
  constructor(private readonly deps: PointsDeps) {}

  private get db() {
    return this.deps.database.db;
  }

  /** Stores the configured items once per configuration (a reload replaces the MerchantState). */
  ensureItems(merchant: MerchantState): Promise<void> {
    let done = synced.get(merchant);
    if (!done) {
      done = this.db.transaction((tx) => syncItems(tx, merchant.code, pointsRulesOf(merchant).items));
      done.catch(() => synced.delete(merchant));
      synced.set(merchant, done);
    }
    return done;
  }

  /**
   * Credits what settled rounds not yet seen earn (once per round: points_round_earnings) at
   * their category's ratio. Trial accounts earn nothing. Returns the members whose rounds were
   * read, with their types.
   */
  async earnRounds(
    merchant: MerchantState,
    scope: { memberId: number } | { sinceMs: number },
  ): Promise<Map<number, number>> {
    const rules = pointsRulesOf(merchant);
    /** Member id → member type. */
    const members = new Map<number, number>();
    const nowMs = this.deps.clock.now();
    for (;;) {
      const rounds = await unearnedRounds(this.db, merchant.code, scope, ROUND_BATCH);
      if (rounds.length === 0) break;
      await this.db.transaction(async (tx) => {
        for (const r of rounds) {
          members.set(r.memberId, r.memberType);
          const trial = isTrialType(merchant, r.memberType);
          const category = rebateCategory(merchant, r.vendor);
          const ratio = category === null ? undefined : rules.bet[category];
          const points = trial || ratio === undefined ? 0n : earnPoints(r.betMinor, ratio, MONEY_SCALE);
          const fresh = await insertRoundEarning(tx, {
            merchant: merchant.code,
            roundPk: r.pk,
            memberId: r.memberId,
            category,
            betMinor: r.betMinor,
            points,
          });
          if (!fresh || points === 0n) continue;
          const t = await pointsTransfer(tx, {
            merchant: merchant.code,
            from: { system: 'ISSUE' },
            to: { memberId: r.memberId },
            amount: points,
            kind: 'bet',
            idempotencyKey: `points:bet:${r.pk}`,
            memo: `valid bet ${minorToDecimal(r.betMinor)} ${category}`,
            actor: 'loyalty',
            nowMs,
          });
          await setRoundEarningTransfer(tx, merchant.code, r.pk, t.transferId);
        }
      });
      if (rounds.length < ROUND_BATCH) break;
    }
    return members;
  }

  /**
   * Credits the points of the member's deposits wagered in full (once per deposit); returns the
   * points still waiting for wagering.
   */
  async vestDeposits(merchant: MerchantState, memberId: number, memberType: number): Promise<bigint> {
    const ratio = pointsRulesOf(merchant).deposit;
    if (isZero(ratio) || isTrialType(merchant, memberType)) return 0n;
    const deposits = await depositWagering(this.db, merchant.code, memberId);
    const wagered = wageredDeposits(deposits);
    let pending = 0n;
    const nowMs = this.deps.clock.now();
    for (const [i, d] of deposits.entries()) {
      if (d.vested) continue;
      const points = earnPoints(d.amountMinor, ratio, MONEY_SCALE);
      if (!wagered[i]) {
        pending += points;
        continue;
      }
      await this.db.transaction(async (tx) => {
        const fresh = await insertDepositEarning(tx, {
          merchant: merchant.code,
          depositTransferId: d.transferId,
          memberId,
          amountMinor: d.amountMinor,
          points,
          nowMs,
        });
        if (!fresh || points === 0n) return;
        const t = await pointsTransfer(tx, {
          merchant: merchant.code,
          from: { system: 'ISSUE' },
          to: { memberId },
          amount: points,
          kind: 'deposit',
          idempotencyKey: `points:deposit:${d.transferId}`,
          memo: `deposit ${minorToDecimal(d.amountMinor)} wagered`,
          actor: 'loyalty',
          nowMs,
        });
        await setDepositEarningTransfer(tx, merchant.code, d.transferId, t.transferId);
      });
    }
    return pending;
  }

  /** Brings the member's points up to date with its settled rounds and wagered deposits. */
  async catchUp(merchant: MerchantState, member: { id: number; type: number }): Promise<bigint> {
    await this.earnRounds(merchant, { memberId: member.id });
    return this.vestDeposits(merchant, member.id, member.type);
  }

  async balance(merchant: MerchantState, member: { id: number; type: number }): Promise<PointsBalance> {
    const pending = await this.catchUp(merchant, member);
    const points = await pointsBalance(this.db, merchant.code, member.id);
    return {
      points: pointsText(points),
      pending: pointsText(pending),
      mainBalance: minorToDecimal(await this.main(this.db, merchant, member.id)),
    };
  }

  private async main(q: Queryable, merchant: MerchantState, memberId: number): Promise<bigint> {
    const rows = await this.deps.ledger.balances(q, merchant.code, memberId);
    return rows.find((r) => r.code === 'MAIN')?.balanceMinor ?? 0n;
  }

  config(merchant: MerchantState, language: Language): PointsConfigView {
    const rules = pointsRulesOf(merchant);
    const text = merchant.config.loyalty.points.rules;
    return {
      rate: rules.rate,
      earnBet: GAME_TYPES.flatMap((category) => {
        const ratio = rules.bet[category];
        return ratio === undefined ? [] : [{ category, ratio }];
      }),
      earnDeposit: rules.deposit,
      rules: text ? pickLanguage(text, language) : '',
      expires: false,
    };
  }

  async items(merchant: MerchantState, language: Language): Promise<{ items: PointsItem[] }> {
    await this.ensureItems(merchant);
    return { items: (await listItems(this.db, merchant.code)).map((i) => itemView(i, language)) };
  }

  /**
   * Cash → points at the merchant's rate (rounded down; an amount that buys no whole point is
   * refused): one money transfer main wallet → HOUSE:POINTS and one points transfer, in one
   * transaction. The same idempotency key answers a retry with the first result.
   */
  async convert(
    merchant: MerchantState,
    memberId: number,
    body: { amount: bigint; paymentPassword: string; idempotencyKey: string },
  ) {
    const rate = pointsRulesOf(merchant).rate;
    if (isZero(rate)) throw new AppError('points.convert.off');
    const points = cashToPoints(body.amount, rate, MONEY_SCALE);
    if (points === 0n) throw new AppError('points.convert.nothing');
    await this.deps.passwords.verify(this.db, merchant.code, memberId, body.paymentPassword);
    const { ledger, clock } = this.deps;
    return ledger.run(async (tx) => {
      const earlier = await findConversion(tx, merchant.code, memberId, body.idempotencyKey);
      if (earlier) {
        if (earlier.amountMinor !== body.amount) throw new AppError('idempotency.conflict');
        return {
          amount: minorToDecimal(earlier.amountMinor),
          points: pointsText(earlier.points),
          balance: pointsText(await pointsBalance(tx, merchant.code, memberId)),
          transferId: earlier.moneyTransferId,
        };
      }
      const nowMs = clock.now();
      const key = `points:convert:${memberId}:${body.idempotencyKey}`;
      const pt = await pointsTransfer(tx, {
        merchant: merchant.code,
        from: { system: 'ISSUE' },
        to: { memberId },
        amount: points,
        kind: 'convert',
        idempotencyKey: key,
        memo: `${minorToDecimal(body.amount)} at ${rate}`,
        actor: `member:${memberId}`,
        nowMs,
      });
      const money = await ledger.transfer(tx, {
        merchant: merchant.code,
        from: memberAccount(memberId, 'MAIN'),
        to: systemAccount(HOUSE_POINTS),
        amountMinor: body.amount,
        kind: TX_TYPE.points,
        idempotencyKey: key,
        memo: `${points} points`,
        actor: `member:${memberId}`,
      });
      await insertConversion(tx, {
        merchant: merchant.code,
        memberId,
        key: body.idempotencyKey,
        amountMinor: body.amount,
        rate,
        points,
        moneyTransferId: money.transferId,
        pointsTransferId: pt.transferId,
        nowMs,
      });
      return {
        amount: minorToDecimal(body.amount),
        points: pointsText(points),
        balance: pointsText(await pointsBalance(tx, merchant.code, memberId)),
        transferId: money.transferId,
      };
    });
  }

  /**
   * Redeems an item: the item row is locked, so redemptions at once take the stock one after
   * another and it never goes below zero; the points (and the money part) leave the member in
   * the same transaction. The record starts as applying. A retry with the same key answers the
   * first record.
   */
  async redeem(
    merchant: MerchantState,
    member: { id: number; type: number },
    body: {
      itemId: number;
      quantity: number;
      paymentPassword: string;
      name: string;
      address: string;
      mobile: string;
      idempotencyKey: string;
    },
    language: Language,
  ): Promise<PointsRedemption> {
    await this.ensureItems(merchant);
    await this.catchUp(merchant, member);
    await this.deps.passwords.verify(this.db, merchant.code, member.id, body.paymentPassword);
    const { ledger, clock } = this.deps;
    const row = await ledger.run(async (tx) => {
      const item = await lockItem(tx, merchant.code, body.itemId, true);
      if (!item) throw new AppError('points.item.unknown');
      const earlier = await findRedemption(tx, merchant.code, {
        memberId: member.id,
        key: body.idempotencyKey,
      });
      if (earlier) {
        if (earlier.itemId !== body.itemId || earlier.quantity !== body.quantity) {
          throw new AppError('idempotency.conflict');
        }
        return earlier;
      }
      let taken: ReturnType<typeof redeemItem>;
      try {
        taken = redeemItem(item, body.quantity, {
          points: await pointsBalance(tx, merchant.code, member.id),
          moneyMinor: await this.main(tx, merchant, member.id),
        });
      } catch (e) {
        if (!(e instanceof LoyaltyRuleError)) throw e;
        if (e.message.includes('stock')) throw new AppError('points.stock');
        if (e.message.includes('points')) throw new AppError('points.insufficient');
        if (e.message.includes('money')) throw new AppError('wallet.insufficient.funds');
        throw new AppError('validation.failed', e.message);
      }
      const nowMs = clock.now();
      const ref = refRandom();
      await setStock(tx, item.id, taken.stockAfter);
      const key = `points:redeem:${ref}`;
      const pt =
        taken.pointsDebit > 0n
          ? await pointsTransfer(tx, {
              merchant: merchant.code,
              from: { memberId: member.id },
              to: { system: 'MALL' },
              amount: taken.pointsDebit,
              kind: 'redeem',
              idempotencyKey: key,
              memo: `${ref} ${item.code} x${body.quantity}`,
              actor: `member:${member.id}`,
              nowMs,
            })
          : null;
      const money =
        taken.moneyDebitMinor > 0n
          ? await ledger.transfer(tx, {
              merchant: merchant.code,
              from: memberAccount(member.id, 'MAIN'),
              to: systemAccount(HOUSE_POINTS),
              amountMinor: taken.moneyDebitMinor,
              kind: TX_TYPE.points,
              idempotencyKey: key,
              memo: `${ref} ${item.code} x${body.quantity}`,
              actor: `member:${member.id}`,
            })
          : null;
      await insertRedemption(tx, {
        merchant: merchant.code,
        ref,
        memberId: member.id,
        key: body.idempotencyKey,
        itemId: item.id,
        quantity: body.quantity,
        points: taken.pointsDebit,
        amountMinor: taken.moneyDebitMinor,
        recipient: body.name,
        address: body.address,
        mobile: body.mobile,
        pointsTransferId: pt?.transferId ?? null,
        moneyTransferId: money?.transferId ?? null,
        nowMs,
      });
      return (await findRedemption(tx, merchant.code, { ref }))!;
    });
    return redemptionView(row, language);
  }

  /**
   * An operator approves or rejects an applying redemption. A rejection gives back exactly the
   * points and money it took and the pieces to the stock, under refund keys, once: the record is
   * locked and must still be applying.
   */
  async decide(
    merchant: MerchantState,
    ref: string,
    decision: 'approved' | 'rejected',
    actor: string,
    reason: string,
    /** Written in the same transaction (the operator's audit entry). */
    audit: (tx: Queryable, row: RedemptionRow) => Promise<void>,
  ): Promise<RedemptionRow> {
    const { ledger, clock } = this.deps;
    return ledger.run(async (tx) => {
      const r = await findRedemption(tx, merchant.code, { ref }, true);
      if (!r) throw new AppError('points.redemption.unknown');
      if (r.status !== 'applying') throw new AppError('points.redemption.decided');
      const nowMs = clock.now();
      if (decision === 'rejected') {
        const item = await lockItem(tx, merchant.code, r.itemId, false);
        await setStock(tx, r.itemId, (item?.stock ?? 0) + r.quantity);
        const key = `points:refund:${r.ref}`;
        if (r.points > 0n) {
          await pointsTransfer(tx, {
            merchant: merchant.code,
            from: { system: 'MALL' },
            to: { memberId: r.memberId },
            amount: r.points,
            kind: 'refund',
            idempotencyKey: key,
            memo: `${r.ref} rejected`,
            actor,
            nowMs,
          });
        }
        if (r.amountMinor > 0n) {
          await ledger.transfer(tx, {
            merchant: merchant.code,
            from: systemAccount(HOUSE_POINTS),
            to: memberAccount(r.memberId, 'MAIN'),
            amountMinor: r.amountMinor,
            kind: TX_TYPE.points,
            idempotencyKey: key,
            memo: `${r.ref} rejected`,
            actor,
          });
        }
      }
      await decideRedemption(tx, r.id, { status: decision, remark: reason, actor, nowMs });
      const row = (await findRedemption(tx, merchant.code, { ref }))!;
      await audit(tx, row);
      return row;
    });
  }

  async redemptions(
    merchant: MerchantState,
    memberId: number,
    query: { page: number; size: number; status?: PointsRedeemStatus },
    language: Language,
  ) {
    const { rows, total } = await redemptionsPage(
      this.db,
      merchant.code,
      { memberId, ...(query.status ? { status: query.status } : {}) },
      { limit: query.size, offset: (query.page - 1) * query.size },
    );
    return {
      content: rows.map((r) => redemptionView(r, language)),
      pageNum: query.page,
      totalPages: Math.ceil(total / query.size),
      total,
    };
  }

  async details(merchant: MerchantState, member: { id: number; type: number }, page: number, size: number) {
    await this.catchUp(merchant, member);
    const { rows, total } = await detailsPage(this.db, merchant.code, member.id, {
      limit: size,
      offset: (page - 1) * size,
    });
    return { content: rows.map(detailView), pageNum: page, totalPages: Math.ceil(total / size), total };
  }
}

const itemView = (i: ItemRow, language: Language): PointsItem => ({
  id: i.id,
  code: i.code,
  name: pickLanguage(i.name, language),
  description: i.description ? pickLanguage(i.description, language) : '',
  image: i.image,
  points: pointsText(i.pricePoints),
  money: minorToDecimal(i.priceMinor),
  stock: i.stock,
});

export const redemptionView = (r: RedemptionRow, language: Language): PointsRedemption => ({
  ref: r.ref,
  itemId: r.itemId,
  name: pickLanguage(r.itemName, language),
  type: r.amountMinor > 0n ? 'mixed' : 'points',
  quantity: r.quantity,
  points: pointsText(r.points),
  amount: minorToDecimal(r.amountMinor),
  status: r.status,
  remark: r.remark,
  createdAt: r.createdAtMs,
  decidedAt: r.decidedAtMs,
});

const detailView = (d: DetailRow): PointsDetail => ({
  id: d.id,
  kind: d.kind,
  change: pointsText(d.change),
  balance: pointsText(d.balance),
  remark: d.memo,
  createdAt: d.createdAtMs,
});
