import { z } from 'zod';
import { appendAudit } from '../../../platform/audit.ts';
import type { Clock } from '../../../platform/clock.ts';
import { hashPassword } from '../../../platform/crypto.ts';
import type { Database } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import type { MerchantStore } from '../../../platform/merchants.ts';
import type { OpsExtension } from '../../ops/index.ts';
import { accountSettings } from '../security/settings.ts';
import type { SessionService } from '../session/service.ts';
import { findByAccount, updateMember } from './repository.ts';

export const resetPasswordCommandSchema = z.object({
  command: z.literal('reset-password'),
  account: z.string().trim().min(1).max(64),
  reason: z.string().trim().min(1).max(255),
});

interface Deps {
  database: Database;
  store: MerchantStore;
  clock: Clock;
  /** Ends every session of the member inside the same transaction. */
  sessions: Pick<SessionService, 'endAll'>;
}

/**
 * `npm run ops -- reset-password <account> --reason <why>`: what a support desk does for a member
 * who cannot get back in by SMS or email. The password becomes the merchant's default password
 * (spec §4 After login), every session ends, and the next sign-in with it is forced through
 * /changePassword.
 */
export function resetPasswordCommand(deps: Deps): OpsExtension<typeof resetPasswordCommandSchema> {
  return {
    schema: resetPasswordCommandSchema,
    async run(merchantCode, { account, reason }, actor) {
      const merchant = await deps.store.get(merchantCode);
      if (!merchant) throw new AppError('merchant.unknown');
      const { db } = deps.database;
      const member = await findByAccount(db, merchantCode, account);
      if (!member) throw new AppError('ops.invalid', `there is no member ${account}`);
      const passwordHash = await hashPassword(accountSettings(merchant).defaultPassword);
      // Dated in the past on purpose: the default password is never "fresh".
      const changedAt = new Date(0);
      await db.transaction(async (tx) => {
        await updateMember(tx, member.id, {
          passwordHash,
          passwordChangedAt: changedAt,
          passwordChangeRequired: false,
        });
        await deps.sessions.endAll(member.id, tx);
        await appendAudit(deps.database, tx, {
          merchantCode,
          actor,
          action: 'reset-password',
          detail: { account: member.account, memberId: member.id, reason, at: deps.clock.now() },
        });
      });
      return { account: member.account, reset: true, sessionsEnded: true };
    },
  };
}
