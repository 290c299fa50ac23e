import { minorToDecimal } from '@aurum/contract';
import { z } from 'zod';
import { appendAudit } from '../../platform/audit.ts';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { MerchantStore } from '../../platform/merchants.ts';
import { findByAccount } from '../accounts/index.ts';
import type { OpsExtension } from '../ops/index.ts';
import { levelChanges, loyaltyMember, openAccruals } from './repository.ts';
import { levelName, loyaltyRulesOf } from './rules.ts';
import { type LoyaltyService, rebateText } from './service.ts';

const account = z.string().trim().min(1).max(32);

/**
 * `npm run ops -- vip show ACCOUNT` (level, history, open rebate) and `vip set ACCOUNT LEVEL
 * --reason R` (sets the level, audited; pays no upgrade bonus; bets settled from then on accrue at
 * the new level).
 */
export const vipCommandSchema = z.discriminatedUnion('action', [
  z.strictObject({ command: z.literal('vip'), action: z.literal('show'), account }),
  z.strictObject({
    command: z.literal('vip'),
    action: z.literal('set'),
    account,
    level: z.coerce.number().int().min(0).max(99),
    reason: z.string().trim().min(1).max(500),
  }),
]);

export function vipCommand(deps: {
  database: Database;
  store: MerchantStore;
  service: LoyaltyService;
}): OpsExtension<typeof vipCommandSchema> {
  const db = () => deps.database.db;
  return {
    schema: vipCommandSchema,
    async run(merchantCode, args, actor) {
      const merchant = await deps.store.get(merchantCode);
      if (!merchant) throw new AppError('ops.invalid', `There is no merchant ${merchantCode}.`);
      const member = await findByAccount(db(), merchantCode, args.account);
      if (!member) throw new AppError('ops.invalid', `There is no member ${args.account}.`);
      const rules = loyaltyRulesOf(merchant);
      if (args.action === 'show') {
        const m = await loyaltyMember(db(), merchantCode, member.id, 0, false);
        const open = await openAccruals(db(), merchantCode, member.id);
        return {
          account: member.account,
          level: m.vipLevel,
          name: levelName(rules, m.vipLevel),
          rebate: {
            open: open.map((c) => ({
              category: c.category,
              validBet: minorToDecimal(c.validBetMinor),
              amount: rebateText(c.accrued),
            })),
            carried: rebateText(m.carried),
            claims: m.claims,
          },
          changes: (await levelChanges(db(), merchantCode, member.id)).map((c) => ({
            from: c.from,
            to: c.to,
            reason: c.reason,
            actor: c.actor,
            note: c.note,
            at: new Date(c.changedAtMs).toISOString(),
          })),
        };
      }
      if (args.level >= rules.levels.length) {
        throw new AppError('ops.invalid', `The levels go from 0 to ${rules.levels.length - 1}.`);
      }
      return deps.database.db.transaction(async (tx) => {
        const change = await deps.service.setLevel(tx, merchant, member.id, args.level, actor, args.reason);
        await appendAudit(deps.database, tx, {
          merchantCode,
          actor,
          action: 'vip-set',
          detail: { account: member.account, memberId: member.id, ...change, reason: args.reason },
        });
        return { account: member.account, ...change, name: levelName(rules, change.to) };
      });
    },
  };
}
