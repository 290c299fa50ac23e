import {
  APPLICATION_IMAGE_MAX_BYTES,
  type Language,
  minorToDecimal,
  type PromotionApplication,
  type PromotionConfig,
  type PromotionDetail,
  type PromotionStatus,
  parseMoney,
  pickLanguage,
  TX_TYPE,
} from '@aurum/contract';
import { uniformInt, type WordSource } from '@aurum/games';
import { cryptoWords } from '@aurum/games/node';
import type { MemberRow, PromoApplicationRow } from '../../db/schema.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { sanitizeOperatorHtml } from '../../platform/html.ts';
import type { MerchantState } from '../../platform/merchants.ts';
import type { BlobStorage } from '../../platform/storage.ts';
import { readUploadedImage } from '../../platform/upload-image.ts';
import { isTrialType } from '../accounts/index.ts';
import { type Ledger, type LedgerTx, memberAccount, systemAccount } from '../wallet/index.ts';
import { drawFromWindow, rainWindows } from './rain.ts';
import {
  applicationsOf,
  depositedBetween,
  findParticipation,
  insertApplication,
  insertParticipation,
  participationsOf,
  updateParticipation,
} from './repository.ts';
import {
  cardOf,
  isRegistrationOpen,
  isRunning,
  listedPromotions,
  type MemberFacts,
  rewardMinor,
  statusOf,
  timesOf,
  utcDay,
} from './status.ts';

export interface PromotionsDeps {
  database: Database;
  ledger: Ledger;
  clock: Clock;
  storage: BlobStorage;
  /** Where raffle draws come from (the CSPRNG unless a test fixes it). */
  words?: WordSource;
}

/** Idempotency keys: one per reward, so whatever path pays it, it is paid once. */
export const rewardKeys = {
  signup: (promotionId: string, memberId: number) => `promo:signup:${promotionId}:${memberId}`,
  claim: (promotionId: string, memberId: number) => `promo:claim:${promotionId}:${memberId}`,
  raffle: (promotionId: string, memberId: number, day: string) =>
    `promo:raffle:${promotionId}:${memberId}:${day}`,
  /** A red-envelope rain's envelope: once per member and window (`window`: its key). */
  rain: (promotionId: string, memberId: number, window: string) =>
    `promo:rain:${promotionId}:${memberId}:${window}`,
  application: (applicationId: number) => `promo:application:${applicationId}`,
};

/** Pays a reward: the merchant's BONUS account to the member's main wallet, in the caller's transaction. */
export function payReward(
  ledger: Ledger,
  tx: LedgerTx,
  req: { merchant: string; memberId: number; amountMinor: bigint; key: string; memo: string; actor: string },
) {
  return ledger.transfer(tx, {
    merchant: req.merchant,
    from: systemAccount('BONUS'),
    to: memberAccount(req.memberId, 'MAIN'),
    amountMinor: req.amountMinor,
    kind: TX_TYPE.bonus,
    idempotencyKey: req.key,
    memo: req.memo,
    actor: req.actor,
  });
}

/** Sanitised detail HTML per promotion and language, kept for the configuration it came from. */
const detailCache = new WeakMap<PromotionConfig, Map<string, string>>();
function detailHtmlOf(p: PromotionConfig, language: Language): string {
  let byLanguage = detailCache.get(p);
  if (!byLanguage) {
    byLanguage = new Map();
    detailCache.set(p, byLanguage);
  }
  let html = byLanguage.get(language);
  if (html === undefined) {
    html = sanitizeOperatorHtml(pickLanguage(p.detailHtml, language));
    byLanguage.set(language, html);
  }
  return html;
}

export function findPromotion(merchant: MerchantState, id: string): PromotionConfig {
  const p = merchant.config.promotions.promotions.find((x) => x.id === id);
  if (!p) throw new AppError('promo.unknown');
  return p;
}

/**
 * Promotions for members: the list with their statuses, joining, claiming, raffle draws,
 * reward requests and applications. Every reward is one ledger transfer with a key of
 * rewardKeys, committed with the row that records it.
 */
export class PromotionsService {
  private readonly words: WordSource;

  constructor(private readonly deps: PromotionsDeps) {
    this.words = deps.words ?? cryptoWords();
  }

  private now() {
    return this.deps.clock.now();
  }

  /** What is known of the member for every promotion, loaded in a few queries. */
  private async factsOf(merchant: MerchantState, member: MemberRow, promotions: PromotionConfig[]) {
    const db = this.deps.database.db;
    const now = this.now();
    const trial = isTrialType(merchant, member.type);
    const dayOf = (p: PromotionConfig) =>
      p.kind !== 'RAFFLE' ? '' : p.rain ? (rainWindows(p.rain, now).open?.key ?? '-') : utcDay(now);
    const [participations, applications] = await Promise.all([
      participationsOf(db, merchant.code, member.id, [...new Set(promotions.map(dayOf))]),
      applicationsOf(db, merchant.code, member.id),
    ]);
    const facts = new Map<string, MemberFacts>();
    for (const p of promotions) {
      const day = dayOf(p);
      const participation = participations.find((x) => x.promotionId === p.id && x.day === day) ?? null;
      const application = applications.find((x) => x.promotionId === p.id) ?? null;
      let depositedMinor = 0n;
      if (p.kind === 'SIGNUP' && participation && participation.status === 'JOINED') {
        depositedMinor = await depositedBetween(
          db,
          merchant.code,
          member.id,
          participation.joinedAt,
          new Date(timesOf(p).end),
        );
      }
      facts.set(p.id, { trial, participation, application, depositedMinor });
    }
    return facts;
  }

  async list(merchant: MerchantState, language: Language, member: MemberRow | null) {
    const config = merchant.config.promotions;
    const now = this.now();
    const promotions = listedPromotions(config, now);
    const facts = member ? await this.factsOf(merchant, member, promotions) : null;
    const used = new Set(promotions.map((p) => p.category));
    return {
      categories: config.categories
        .filter((c) => used.has(c.id))
        .map((c) => ({ id: c.id, name: pickLanguage(c.name, language) })),
      promotions: promotions.map((p) => {
        const f = facts?.get(p.id) ?? null;
        return cardOf(p, language, statusOf(p, now, f), { now, participation: f?.participation ?? null });
      }),
    };
  }

  async detail(
    merchant: MerchantState,
    language: Language,
    member: MemberRow | null,
    id: string,
  ): Promise<PromotionDetail> {
    const p = findPromotion(merchant, id);
    const now = this.now();
    const facts = member ? (await this.factsOf(merchant, member, [p])).get(p.id)! : null;
    const joined = p.kind === 'SIGNUP' && facts?.participation?.status === 'JOINED';
    const rejected = facts?.application?.status === 'REJECTED' ? facts.application.reason : null;
    return {
      ...cardOf(p, language, statusOf(p, now, facts), { now, participation: facts?.participation ?? null }),
      detailHtml: detailHtmlOf(p, language),
      minDeposit: p.minDeposit ? minorToDecimal(parseMoney(p.minDeposit) ?? 0n) : null,
      progress: joined ? minorToDecimal(facts?.depositedMinor ?? 0n) : null,
      prizes: (p.prizes ?? []).map((x) => minorToDecimal(parseMoney(x.amount) ?? 0n)),
      rejectReason: rejected ?? null,
    };
  }

  /** Promotions the member can act on now; for a visitor, the running ones. */
  async availableCount(merchant: MerchantState, member: MemberRow | null) {
    const now = this.now();
    const promotions = listedPromotions(merchant.config.promotions, now);
    if (!member) return { availablePromoCount: promotions.filter((p) => isRunning(p, now)).length };
    const facts = await this.factsOf(merchant, member, promotions);
    const count = promotions.filter((p) => statusOf(p, now, facts.get(p.id) ?? null).action !== null).length;
    return { availablePromoCount: count };
  }

  /** The promotion of a member's call: known, of the call's kind; trial accounts are refused. */
  private promotionFor(
    merchant: MerchantState,
    member: MemberRow,
    id: string,
    kind: PromotionConfig['kind'],
  ) {
    const p = findPromotion(merchant, id);
    if (isTrialType(merchant, member.type)) throw new AppError('trial.forbidden');
    if (p.kind !== kind) throw new AppError('promo.action.invalid');
    return p;
  }

  private answer(id: string, status: PromotionStatus, amount: bigint | null) {
    return { id, status, amount: amount === null ? null : minorToDecimal(amount) };
  }

  /** Sign-up promotion join: inside the registration window, once. */
  async join(merchant: MerchantState, member: MemberRow, id: string) {
    const p = this.promotionFor(merchant, member, id, 'SIGNUP');
    const now = this.now();
    if (!isRegistrationOpen(p, now)) throw new AppError('promo.not.open');
    const row = await insertParticipation(this.deps.database.db, {
      merchantCode: merchant.code,
      memberId: member.id,
      promotionId: p.id,
      kind: 'SIGNUP',
      day: '',
      status: 'JOINED',
      joinedAt: new Date(now),
    });
    if (!row) throw new AppError('promo.already.joined');
    return this.answer(p.id, 'SIGNED_UP', null);
  }

  /** Sign-up promotion reward request: joined, the deposits reached, not paid before. */
  async requestReward(merchant: MerchantState, member: MemberRow, id: string) {
    const p = this.promotionFor(merchant, member, id, 'SIGNUP');
    const now = this.now();
    if (!isRunning(p, now)) throw new AppError('promo.not.open');
    const amount = rewardMinor(p);
    const { ledger } = this.deps;
    await ledger.run(async (tx) => {
      const key = { merchant: merchant.code, memberId: member.id, promotionId: p.id, day: '' };
      const joined = await findParticipation(tx, key, true);
      if (!joined) throw new AppError('promo.not.joined');
      if (joined.status === 'REWARDED') throw new AppError('promo.already.claimed');
      const need = parseMoney(p.minDeposit ?? '0') ?? 0n;
      const have = await depositedBetween(
        tx,
        merchant.code,
        member.id,
        joined.joinedAt,
        new Date(timesOf(p).end),
      );
      if (have < need) throw new AppError('promo.condition.unmet');
      const transfer = await payReward(ledger, tx, {
        merchant: merchant.code,
        memberId: member.id,
        amountMinor: amount,
        key: rewardKeys.signup(p.id, member.id),
        memo: `promotion ${p.id}`,
        actor: `member:${member.id}`,
      });
      await updateParticipation(tx, joined.id, {
        status: 'REWARDED',
        amount,
        ledgerTransferId: transfer.transferId,
        rewardedAt: new Date(now),
      });
    });
    return this.answer(p.id, 'ISSUED', amount);
  }

  /** A fixed reward, once per member while the promotion is open. */
  async claim(merchant: MerchantState, member: MemberRow, id: string) {
    const p = this.promotionFor(merchant, member, id, 'CLAIM');
    const amount = rewardMinor(p);
    await this.payOnce(merchant, member, p, '', amount, rewardKeys.claim(p.id, member.id));
    return this.answer(p.id, 'CLAIMED', amount);
  }

  /**
   * Raffle promotion claim: once per member and UTC day, a prize drawn by weight; for a
   * red-envelope rain, once per member and window, an amount drawn from the window's budget.
   */
  async draw(merchant: MerchantState, member: MemberRow, id: string) {
    const p = this.promotionFor(merchant, member, id, 'RAFFLE');
    if (p.rain) return this.rain(merchant, member, p);
    const day = utcDay(this.now());
    const prizes = p.prizes ?? [];
    const total = prizes.reduce((sum, x) => sum + x.weight, 0);
    let ticket = uniformInt(total, this.words);
    const prize = prizes.find((x) => {
      ticket -= x.weight;
      return ticket < 0;
    })!;
    const amount = parseMoney(prize.amount) ?? 0n;
    await this.payOnce(merchant, member, p, day, amount, rewardKeys.raffle(p.id, member.id, day));
    return this.answer(p.id, 'CLAIMED', amount);
  }

  /**
   * A rain's envelope: inside an open window, once per member and window (the participation's
   * unique row), the amount drawn from the window's locked budget, paid in the same transaction.
   */
  private async rain(merchant: MerchantState, member: MemberRow, p: PromotionConfig) {
    const rain = p.rain!;
    const now = this.now();
    if (!isRegistrationOpen(p, now)) throw new AppError('promo.not.open');
    const { open, next } = rainWindows(rain, now);
    if (!open) throw new AppError('promo.rain.closed', undefined, { nextStart: String(next.start) });
    const { ledger } = this.deps;
    const amount = await ledger.run(async (tx) => {
      const row = await insertParticipation(tx, {
        merchantCode: merchant.code,
        memberId: member.id,
        promotionId: p.id,
        kind: 'RAFFLE',
        day: open.key,
        status: 'CLAIMED',
        joinedAt: new Date(now),
        rewardedAt: new Date(now),
      });
      if (!row) throw new AppError('promo.already.claimed');
      const won = await drawFromWindow(tx, this.words, {
        merchant: merchant.code,
        promotionId: p.id,
        window: open,
        rain,
      });
      const transfer = await payReward(ledger, tx, {
        merchant: merchant.code,
        memberId: member.id,
        amountMinor: won,
        key: rewardKeys.rain(p.id, member.id, open.key),
        memo: `promotion ${p.id}`,
        actor: `member:${member.id}`,
      });
      await updateParticipation(tx, row.id, { amount: won, ledgerTransferId: transfer.transferId });
      return won;
    });
    return this.answer(p.id, 'CLAIMED', amount);
  }

  /** Records the claim (refused when there is one) and pays it, in one transaction. */
  private async payOnce(
    merchant: MerchantState,
    member: MemberRow,
    p: PromotionConfig,
    day: string,
    amount: bigint,
    key: string,
  ) {
    const now = this.now();
    if (!isRegistrationOpen(p, now)) throw new AppError('promo.not.open');
    const { ledger } = this.deps;
    await ledger.run(async (tx) => {
      const row = await insertParticipation(tx, {
        merchantCode: merchant.code,
        memberId: member.id,
        promotionId: p.id,
        kind: p.kind as 'CLAIM' | 'RAFFLE',
        day,
        status: 'CLAIMED',
        amount,
        joinedAt: new Date(now),
        rewardedAt: new Date(now),
      });
      if (!row) throw new AppError('promo.already.claimed');
      const transfer = await payReward(ledger, tx, {
        merchant: merchant.code,
        memberId: member.id,
        amountMinor: amount,
        key,
        memo: `promotion ${p.id}`,
        actor: `member:${member.id}`,
      });
      await updateParticipation(tx, row.id, { ledgerTransferId: transfer.transferId });
    });
  }

  /**
   * An application: a remark and up to three png or jpg images (by their bytes, at most 5 MB
   * each). Every image is checked before any is stored; nothing is kept on a refusal.
   */
  async apply(
    merchant: MerchantState,
    member: MemberRow,
    language: Language,
    body: { id: string; remark: string; images: string[] },
  ): Promise<PromotionApplication> {
    const p = this.promotionFor(merchant, member, body.id, 'APPLICATION');
    const now = this.now();
    if (!isRegistrationOpen(p, now)) throw new AppError('promo.not.open');
    const db = this.deps.database.db;
    const [last] = (await applicationsOf(db, merchant.code, member.id)).filter((a) => a.promotionId === p.id);
    if (last?.status === 'PENDING') throw new AppError('promo.application.pending');
    if (last?.status === 'APPROVED' || (last?.status === 'REJECTED' && !p.allowRepeat)) {
      throw new AppError('promo.application.forbidden');
    }
    const images = body.images.map((dataUrl, index) =>
      readUploadedImage(dataUrl, APPLICATION_IMAGE_MAX_BYTES, 'promo.image.invalid', {
        index: String(index),
      }),
    );
    const keys: string[] = [];
    for (const image of images) keys.push(await this.deps.storage.put('promo', image.bytes, image.mime));
    const row = await insertApplication(db, {
      merchantCode: merchant.code,
      memberId: member.id,
      promotionId: p.id,
      remark: body.remark,
      imageKeys: keys,
      status: 'PENDING',
      createdAt: new Date(now),
    });
    if (!row) throw new AppError('promo.application.pending');
    return applicationView(row, merchant, language);
  }

  async applications(merchant: MerchantState, member: MemberRow, language: Language) {
    const rows = await applicationsOf(this.deps.database.db, merchant.code, member.id);
    return { list: rows.map((row) => applicationView(row, merchant, language)) };
  }
}

export function applicationView(
  row: PromoApplicationRow,
  merchant: MerchantState,
  language: Language,
): PromotionApplication {
  const p = merchant.config.promotions.promotions.find((x) => x.id === row.promotionId);
  return {
    id: row.id,
    promotionId: row.promotionId,
    promotionTitle: p ? pickLanguage(p.title, language) : row.promotionId,
    remark: row.remark,
    imageCount: row.imageKeys.length,
    status: row.status,
    reason: row.reason,
    amount: row.amount === null ? null : minorToDecimal(row.amount),
    createdAt: row.createdAt.getTime(),
    reviewedAt: row.reviewedAt?.getTime() ?? null,
  };
}
