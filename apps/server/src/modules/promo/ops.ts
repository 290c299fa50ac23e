import { APPLICATION_STATUSES, amountSchema, minorToDecimal } from '@aurum/contract';
import { z } from 'zod';
import type { PromoApplicationRow } from '../../db/schema.ts';
import { appendAudit } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { EventBus } from '../../platform/events.ts';
import type { MerchantStore } from '../../platform/merchants.ts';
import { findById } from '../accounts/index.ts';
import type { OpsExtension, OpsService } from '../ops/index.ts';
import type { Ledger } from '../wallet/index.ts';
import { applicationsForOperator, findApplication, updateApplication } from './repository.ts';
import { payReward, rewardKeys } from './service.ts';
import { rewardMinor } from './status.ts';

const applicationId = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

export const promoApplicationsCommandSchema = z.strictObject({
  command: z.literal('promo-applications'),
  status: z.enum(APPLICATION_STATUSES).optional(),
  limit: z.number().int().min(1).max(200).default(50),
});
export const promoApproveCommandSchema = z.strictObject({
  command: z.literal('promo-approve'),
  id: applicationId,
  /** The reward to pay instead of the promotion's. */
  amount: amountSchema.optional(),
});
export const promoRejectCommandSchema = z.strictObject({
  command: z.literal('promo-reject'),
  id: applicationId,
  reason: z.string().trim().min(1).max(255),
});

/** An application as the operator reads it. */
export interface OperatorApplicationView {
  id: number;
  account: string;
  promotionId: string;
  remark: string;
  /** Storage keys of the images: files under UPLOAD_DIR on the default disk storage. */
  imageKeys: string[];
  status: string;
  reason: string | null;
  amount: string | null;
  transferId: number | null;
  createdAt: string;
  reviewedAt: string | null;
  reviewedBy: string | null;
}

const view = (a: PromoApplicationRow, account: string): OperatorApplicationView => ({
  id: a.id,
  account,
  promotionId: a.promotionId,
  remark: a.remark,
  imageKeys: a.imageKeys,
  status: a.status,
  reason: a.reason,
  amount: a.amount === null ? null : minorToDecimal(a.amount),
  transferId: a.ledgerTransferId,
  createdAt: a.createdAt.toISOString(),
  reviewedAt: a.reviewedAt?.toISOString() ?? null,
  reviewedBy: a.reviewedBy,
});

interface PromoOpsDeps {
  database: Database;
  ledger: Ledger;
  clock: Clock;
  store: MerchantStore;
  /** Tells the member's open browsers that an application was reviewed. */
  events?: EventBus;
}

/**
 * The operator's review of applications (docs/operations.md): list, approve (pays the reward
 * once: the transfer's key is the application's), reject with a reason.
 */
export function installPromoOps(ops: OpsService, deps: PromoOpsDeps): void {
  const { database, ledger, clock, store } = deps;
  /** After the commit: the member's promotion cards and applications follow the review live. */
  const reviewed = (merchant: string, row: { id: number; memberId: number; status: string }) =>
    deps.events?.publish(merchant, row.memberId, {
      type: 'promotion',
      applicationId: row.id,
      status: row.status,
    });
  const accountOf = async (merchant: string, memberId: number) =>
    (await findById(database.db, merchant, memberId))?.account ?? String(memberId);

  const list: OpsExtension<typeof promoApplicationsCommandSchema> = {
    schema: promoApplicationsCommandSchema,
    async run(merchant, { status, limit }) {
      const rows = await applicationsForOperator(database.db, merchant, status, limit);
      return rows.map((r) => view(r.application, r.account));
    },
  };

  const approve: OpsExtension<typeof promoApproveCommandSchema> = {
    schema: promoApproveCommandSchema,
    async run(merchant, { id, amount }, actor) {
      const state = await store.get(merchant);
      const now = new Date(clock.now());
      const row = await ledger.run(async (tx) => {
        const a = await findApplication(tx, merchant, id, true);
        if (!a) throw new AppError('promo.application.unknown');
        if (a.status !== 'PENDING') throw new AppError('promo.application.reviewed');
        const promotion = state?.config.promotions.promotions.find((p) => p.id === a.promotionId);
        const pay = amount ?? (promotion ? rewardMinor(promotion) : 0n);
        if (pay <= 0n) {
          throw new AppError('ops.invalid', `The promotion ${a.promotionId} is gone: give --amount.`);
        }
        const transfer = await payReward(ledger, tx, {
          merchant,
          memberId: a.memberId,
          amountMinor: pay,
          key: rewardKeys.application(a.id),
          memo: `promotion ${a.promotionId} application ${a.id}`,
          actor: `ops:${actor}`.slice(0, 64),
        });
        const row = await updateApplication(tx, a.id, {
          status: 'APPROVED',
          amount: pay,
          ledgerTransferId: transfer.transferId,
          reviewedBy: actor,
          reviewedAt: now,
        });
        await appendAudit(database, tx, {
          merchantCode: merchant,
          actor,
          action: 'promo-approve',
          detail: { id: a.id, amount: minorToDecimal(pay), transferId: transfer.transferId },
        });
        return row!;
      });
      reviewed(merchant, row);
      return view(row, await accountOf(merchant, row.memberId));
    },
  };

  const reject: OpsExtension<typeof promoRejectCommandSchema> = {
    schema: promoRejectCommandSchema,
    async run(merchant, { id, reason }, actor) {
      const now = new Date(clock.now());
      const row = await database.db.transaction(async (tx) => {
        const a = await findApplication(tx, merchant, id, true);
        if (!a) throw new AppError('promo.application.unknown');
        if (a.status !== 'PENDING') throw new AppError('promo.application.reviewed');
        const row = await updateApplication(tx, a.id, {
          status: 'REJECTED',
          reason,
          reviewedBy: actor,
          reviewedAt: now,
        });
        await appendAudit(database, tx, {
          merchantCode: merchant,
          actor,
          action: 'promo-reject',
          detail: { id: a.id, reason },
        });
        return row!;
      });
      reviewed(merchant, row);
      return view(row, await accountOf(merchant, row.memberId));
    },
  };

  ops.extend('promo-applications', list);
  ops.extend('promo-approve', approve);
  ops.extend('promo-reject', reject);
}
