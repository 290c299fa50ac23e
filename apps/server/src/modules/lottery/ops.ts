import { z } from 'zod';
import { recordAudit } from '../../platform/audit.ts';
import type { Database } from '../../platform/db.ts';
import type { OpsService } from '../ops/index.ts';
import type { LotteryService } from './service.ts';

const game = z.string().regex(/^[a-z0-9][a-z0-9-]{0,31}$/);
const issueNo = z.string().regex(/^\d{8}(?:-\d{4})?$/);

export const lotteryCommandSchema = z.discriminatedUnion('action', [
  z.strictObject({
    command: z.literal('lottery'),
    action: z.literal('issues'),
    game: game.optional(),
    status: z.enum(['open', 'closed', 'drawn', 'settled', 'cancelled']).optional(),
    limit: z.coerce.number().int().min(1).max(500).default(20),
  }),
  z.strictObject({ command: z.literal('lottery'), action: z.literal('cancel'), game, issueNo }),
  z.strictObject({ command: z.literal('lottery'), action: z.literal('exposure'), game, issueNo }),
  z.strictObject({
    command: z.literal('lottery'),
    action: z.literal('void'),
    ticketId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
    reason: z.string().trim().min(1, 'give a reason').max(500),
  }),
  z.strictObject({
    command: z.literal('lottery'),
    action: z.literal('prize-group'),
    account: z.string().min(1).max(64),
    /** 'default': back to the merchant's default. */
    group: z.union([z.literal('default'), z.coerce.number().int().min(1).max(1999)]),
  }),
]);

/**
 * `npm run ops -- lottery issues | cancel <game> <issue> | exposure <game> <issue> |
 * prize-group <account> <group|default> | void <ticket> --reason R`: list issues (the seed only of
 * drawn ones), cancel an issue before its draw (every ticket refunded once), an issue's exposure
 * per selection, set a member's own prize group within the merchant's range, void one ticket of
 * an issue not drawn yet with a reason (its stake refunded once); each change audited.
 */
export function lotteryOps(ops: OpsService, service: LotteryService, database: Database): void {
  ops.extend('lottery', {
    schema: lotteryCommandSchema,
    async run(merchant, args, actor) {
      switch (args.action) {
        case 'issues':
          return service.issuesForOps(merchant, { game: args.game, status: args.status, limit: args.limit });
        case 'cancel': {
          const done = await service.cancel(merchant, args.game, args.issueNo);
          await recordAudit(database, {
            merchantCode: merchant,
            actor,
            action: 'lottery-cancel',
            detail: { game: args.game, issueNo: args.issueNo, refunded: done.refunded },
          });
          return done;
        }
        case 'exposure':
          return service.exposure(merchant, args.game, args.issueNo);
        case 'void': {
          const done = await service.voidTicket(merchant, args.ticketId);
          await recordAudit(database, {
            merchantCode: merchant,
            actor,
            action: 'lottery-void',
            detail: {
              ticketId: done.ticketId,
              memberId: done.memberId,
              stake: done.stake,
              reason: args.reason,
            },
            before: { status: 'pending' },
            after: { status: done.status },
          });
          return done;
        }
        case 'prize-group': {
          const group = args.group === 'default' ? null : args.group;
          const done = await service.setPrizeGroup(merchant, args.account, group);
          await recordAudit(database, {
            merchantCode: merchant,
            actor,
            action: 'lottery-prize-group',
            detail: { account: done.account },
            before: { prizeGroup: done.before },
            after: { prizeGroup: done.prizeGroup },
          });
          return done;
        }
      }
    },
  });
}
