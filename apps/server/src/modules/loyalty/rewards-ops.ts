import { minorToDecimal, parseMoney, promoCodeSchema } from '@aurum/contract';
import { z } from 'zod';
import { appendAudit } from '../../platform/audit.ts';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { MerchantStore } from '../../platform/merchants.ts';
import { findByAccount } from '../accounts/index.ts';
import type { OpsExtension } from '../ops/index.ts';
import type { PromoCodeRow } from './rewards-repository.ts';
import type { RewardsService } from './rewards-service.ts';

const code = promoCodeSchema;
const amount = z
  .union([z.string(), z.number()])
  .transform(String)
  .pipe(
    z
      .string()
      .trim()
      .regex(/^\d{1,13}(?:\.\d{1,2})?$/, 'an amount with at most 2 decimals'),
  )
  .refine((t) => Number(t) > 0, 'an amount above 0');
const cap = z.coerce.number().int('a whole number of uses').min(1).max(10_000_000);
const expires = z.iso.datetime({ offset: true, message: 'an ISO date and time, e.g. 2027-01-31T23:59:59Z' });

/**
 * `npm run ops -- rewards codes` (the promo codes: amount, cap, used, expiry, enabled),
 * `rewards code-create CODE --amount X --cap N --expires ISO`, `rewards code-disable CODE` and
 * `rewards code-enable CODE` (each audited with the code before and after), and `rewards show
 * ACCOUNT` (the member's reward claims of the last 90 days). docs/loyalty.md "Reward centre".
 */
export const rewardsCommandSchema = z.discriminatedUnion('action', [
  z.strictObject({ command: z.literal('rewards'), action: z.literal('codes') }),
  z.strictObject({
    command: z.literal('rewards'),
    action: z.literal('code-create'),
    code,
    amount,
    cap,
    expires,
  }),
  z.strictObject({ command: z.literal('rewards'), action: z.literal('code-disable'), code }),
  z.strictObject({ command: z.literal('rewards'), action: z.literal('code-enable'), code }),
  z.strictObject({
    command: z.literal('rewards'),
    action: z.literal('show'),
    account: z.string().trim().min(1).max(32),
  }),
]);

/** A promo code as the operator sees it (and as the audit keeps it). */
export const promoCodeOut = (r: PromoCodeRow) => ({
  code: r.code,
  amount: minorToDecimal(r.amountMinor),
  cap: r.cap,
  used: r.used,
  expiresAt: new Date(r.expiresAtMs).toISOString(),
  enabled: r.enabled,
  createdBy: r.createdBy,
});

export function rewardsCommand(deps: {
  database: Database;
  store: MerchantStore;
  rewards: RewardsService;
}): OpsExtension<typeof rewardsCommandSchema> {
  return {
    schema: rewardsCommandSchema,
    async run(merchantCode, args, actor) {
      const merchant = await deps.store.get(merchantCode);
      if (!merchant) throw new AppError('ops.invalid', `There is no merchant ${merchantCode}.`);
      switch (args.action) {
        case 'codes':
          return { codes: (await deps.rewards.listCodes(merchant)).map(promoCodeOut) };
        case 'show': {
          const member = await findByAccount(deps.database.db, merchantCode, args.account);
          if (!member) throw new AppError('ops.invalid', `There is no member ${args.account}.`);
          const { list } = await deps.rewards.history(merchant, member.id);
          return {
            account: member.account,
            claims: list.map((c) => ({ ...c, claimedAt: new Date(c.claimedAt).toISOString() })),
          };
        }
        case 'code-create': {
          const amountMinor = parseMoney(args.amount);
          if (amountMinor === null || amountMinor <= 0n)
            throw new AppError('ops.invalid', 'The amount must be above 0.');
          const row = await deps.rewards.createCode(
            merchant,
            { code: args.code, amountMinor, cap: args.cap, expiresAtMs: Date.parse(args.expires) },
            actor,
            (tx, after) =>
              appendAudit(deps.database, tx, {
                merchantCode,
                actor,
                action: 'rewards-code-create',
                detail: { code: after.code },
                before: null,
                after: promoCodeOut(after),
              }),
          );
          return promoCodeOut(row);
        }
        default: {
          const enabled = args.action === 'code-enable';
          const row = await deps.rewards.setCodeEnabled(merchant, args.code, enabled, (tx, before, after) =>
            appendAudit(deps.database, tx, {
              merchantCode,
              actor,
              action: `rewards-${args.action}`,
              detail: { code: after.code },
              before: promoCodeOut(before),
              after: promoCodeOut(after),
            }),
          );
          return promoCodeOut(row);
        }
      }
    },
  };
}
