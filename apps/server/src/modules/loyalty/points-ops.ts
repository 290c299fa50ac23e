import { minorToDecimal, pickLanguage } from '@aurum/contract';
import { z } from 'zod';
import { appendAudit } from '../../platform/audit.ts';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { MerchantStore } from '../../platform/merchants.ts';
import { findByAccount } from '../accounts/index.ts';
import type { OpsExtension } from '../ops/index.ts';
import { detailsPage, pointsBalance, type RedemptionRow, redemptionsPage } from './points-repository.ts';
import type { PointsService } from './points-service.ts';

const ref = z
  .string()
  .trim()
  .regex(/^PR[0-9A-F]{10}$/, 'a redemption reference (PR…)');
const reason = z.string().trim().min(1).max(500);

/**
 * `npm run ops -- points show ACCOUNT` (balance, latest points and redemptions), `points list`
 * (redemptions waiting for a decision), `points approve REF --reason R` and `points reject REF
 * --reason R` (refunds the points and money once, the pieces back to stock). Approve and reject
 * are audited.
 */
export const pointsCommandSchema = z.discriminatedUnion('action', [
  z.strictObject({
    command: z.literal('points'),
    action: z.literal('show'),
    account: z.string().trim().min(1).max(32),
  }),
  z.strictObject({ command: z.literal('points'), action: z.literal('list') }),
  z.strictObject({ command: z.literal('points'), action: z.literal('approve'), ref, reason }),
  z.strictObject({ command: z.literal('points'), action: z.literal('reject'), ref, reason }),
]);

const redemptionOut = (r: RedemptionRow) => ({
  ref: r.ref,
  memberId: r.memberId,
  item: pickLanguage(r.itemName, 'EN'),
  quantity: r.quantity,
  points: r.points.toString(),
  amount: minorToDecimal(r.amountMinor),
  status: r.status,
  recipient: r.recipient,
  address: r.address,
  mobile: r.mobile,
  remark: r.remark,
  decidedBy: r.decidedBy,
  at: new Date(r.createdAtMs).toISOString(),
});

export function pointsCommand(deps: {
  database: Database;
  store: MerchantStore;
  points: PointsService;
}): OpsExtension<typeof pointsCommandSchema> {
  const db = () => deps.database.db;
  return {
    schema: pointsCommandSchema,
    async run(merchantCode, args, actor) {
      const merchant = await deps.store.get(merchantCode);
      if (!merchant) throw new AppError('ops.invalid', `There is no merchant ${merchantCode}.`);
      if (args.action === 'show') {
        const member = await findByAccount(db(), merchantCode, args.account);
        if (!member) throw new AppError('ops.invalid', `There is no member ${args.account}.`);
        const page = { limit: 20, offset: 0 };
        return {
          account: member.account,
          points: (await pointsBalance(db(), merchantCode, member.id)).toString(),
          details: (await detailsPage(db(), merchantCode, member.id, page)).rows.map((d) => ({
            kind: d.kind,
            change: d.change.toString(),
            balance: d.balance.toString(),
            remark: d.memo,
            at: new Date(d.createdAtMs).toISOString(),
          })),
          redemptions: (await redemptionsPage(db(), merchantCode, { memberId: member.id }, page)).rows.map(
            redemptionOut,
          ),
        };
      }
      if (args.action === 'list') {
        const { rows } = await redemptionsPage(
          db(),
          merchantCode,
          { status: 'applying' },
          { limit: 100, offset: 0 },
        );
        return { applying: rows.map(redemptionOut) };
      }
      const decision = args.action === 'approve' ? 'approved' : 'rejected';
      const row = await deps.points.decide(merchant, args.ref, decision, actor, args.reason, (tx, r) =>
        appendAudit(deps.database, tx, {
          merchantCode,
          actor,
          action: `points-${args.action}`,
          detail: {
            ref: r.ref,
            memberId: r.memberId,
            points: r.points.toString(),
            amount: minorToDecimal(r.amountMinor),
            reason: args.reason,
          },
        }),
      );
      return redemptionOut(row);
    },
  };
}
