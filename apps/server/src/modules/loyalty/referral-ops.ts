import { z } from 'zod';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { MerchantStore } from '../../platform/merchants.ts';
import { findByAccount } from '../accounts/index.ts';
import type { OpsExtension } from '../ops/index.ts';
import type { ReferralService } from './referral-service.ts';

const account = z.string().trim().min(1).max(32);

/**
 * `npm run ops -- referral show ACCOUNT` (players.read): a member's referral code, its rewards
 * (earned, claimed, claimable) and its invitees unmasked, each with its status and the link it
 * shares with the member when it is not eligible (device, network, mobile, payee name) — the
 * abuse links shown to the operator. Reading only: nothing to audit.
 */
export const referralCommandSchema = z.strictObject({
  command: z.literal('referral'),
  action: z.literal('show'),
  account,
});

export function referralCommand(deps: {
  database: Database;
  store: MerchantStore;
  referral: ReferralService;
}): OpsExtension<typeof referralCommandSchema> {
  return {
    schema: referralCommandSchema,
    async run(merchantCode, args) {
      const merchant = await deps.store.get(merchantCode);
      if (!merchant) throw new AppError('ops.invalid', `There is no merchant ${merchantCode}.`);
      const member = await findByAccount(deps.database.db, merchantCode, args.account);
      if (!member) throw new AppError('ops.invalid', `There is no member ${args.account}.`);
      return {
        account: member.account,
        ...(await deps.referral.operatorView(merchant, member.id)),
      };
    },
  };
}
