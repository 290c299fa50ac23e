import { minorToDecimal } from '@aurum/contract';
import { z } from 'zod';
import { appendAudit } from '../../platform/audit.ts';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { MerchantStore } from '../../platform/merchants.ts';
import { findByAccount } from '../accounts/index.ts';
import type { OpsExtension } from '../ops/index.ts';
import type { WageringService } from './wagering-service.ts';

const account = z.string().trim().min(1).max(32);

/**
 * `npm run ops -- bonus show ACCOUNT` (a member's bonuses with their turnover requirements, the
 * question support gets: "why can I not withdraw?") and `bonus forfeit ACCOUNT ID --reason R`
 * (forfeits an open bonus on the member's behalf, as the member's own forfeit does; audited).
 */
export const bonusCommandSchema = z.discriminatedUnion('action', [
  z.strictObject({ command: z.literal('bonus'), action: z.literal('show'), account }),
  z.strictObject({
    command: z.literal('bonus'),
    action: z.literal('forfeit'),
    account,
    id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
    reason: z.string().trim().min(1).max(500),
  }),
]);

export function bonusCommand(deps: {
  database: Database;
  store: MerchantStore;
  service: WageringService;
}): OpsExtension<typeof bonusCommandSchema> {
  return {
    schema: bonusCommandSchema,
    async run(merchantCode, args, actor) {
      const merchant = await deps.store.get(merchantCode);
      if (!merchant) throw new AppError('ops.invalid', `There is no merchant ${merchantCode}.`);
      const member = await findByAccount(deps.database.db, merchantCode, args.account);
      if (!member) throw new AppError('ops.invalid', `There is no member ${args.account}.`);
      if (args.action === 'show') {
        return { account: member.account, bonuses: await deps.service.list(merchant, member.id) };
      }
      const forfeited = await deps.service.forfeit(merchant, member.id, args.id, {
        actor,
        audit: (tx, removed) =>
          appendAudit(deps.database, tx, {
            merchantCode,
            actor,
            action: 'bonus-forfeit',
            detail: {
              account: member.account,
              memberId: member.id,
              requirementId: args.id,
              removed: minorToDecimal(removed),
              reason: args.reason,
            },
          }),
      });
      return { account: member.account, bonus: forfeited };
    },
  };
}
