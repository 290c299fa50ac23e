import { KYC_STATUSES } from '@aurum/contract';
import { z } from 'zod';
import { recordAudit } from '../../platform/audit.ts';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { BlobStorage } from '../../platform/storage.ts';
import type { OpsExtension } from '../ops/index.ts';
import type { KycService, KycSubmission } from './service.ts';

const id = z.coerce.number().int().positive();
const reason = z.string().trim().min(1).max(500);

/**
 * `npm run ops -- kyc list [--status S] [--account A]`, `kyc document ID identity|address` (the
 * photo as a data URL, audited), `kyc approve ID [--reason R]` and `kyc reject ID --reason R`.
 */
export const kycCommandSchema = z.discriminatedUnion('action', [
  z.strictObject({
    command: z.literal('kyc'),
    action: z.literal('list'),
    status: z
      .enum(KYC_STATUSES.filter((s) => s !== 'none') as ['pending', 'verified', 'rejected'])
      .optional(),
    account: z.string().trim().min(1).max(64).optional(),
    limit: z.coerce.number().int().min(1).max(500).default(100),
  }),
  z.strictObject({
    command: z.literal('kyc'),
    action: z.literal('document'),
    id,
    side: z.enum(['identity', 'address']),
  }),
  z.strictObject({ command: z.literal('kyc'), action: z.literal('approve'), id, reason: reason.optional() }),
  z.strictObject({ command: z.literal('kyc'), action: z.literal('reject'), id, reason }),
]);

/** What an operator sees of a submission (never the storage keys). */
const view = (s: KycSubmission) => ({
  id: s.id,
  account: s.account,
  idType: s.idType,
  status: s.status,
  reason: s.reason,
  reviewedBy: s.reviewedBy,
  reviewedAt: s.reviewedAt === null ? null : new Date(s.reviewedAt).toISOString(),
  submittedAt: new Date(s.createdAt).toISOString(),
});

export function kycCommand(deps: {
  database: Database;
  storage: BlobStorage;
  service: KycService;
}): OpsExtension<typeof kycCommandSchema> {
  return {
    schema: kycCommandSchema,
    async run(merchantCode, args, actor) {
      switch (args.action) {
        case 'list':
          return { submissions: (await deps.service.list(merchantCode, args)).map(view) };
        case 'document': {
          const s = await deps.service.byId(merchantCode, args.id);
          if (!s) throw new AppError('ops.invalid', `There is no submission ${args.id}.`);
          const image = await deps.storage.get(args.side === 'identity' ? s.identityKey : s.addressKey);
          if (!image) throw new AppError('ops.invalid', 'The photo is no longer stored.');
          // Looking at a member's identity papers is itself on the record.
          await recordAudit(deps.database, {
            merchantCode,
            actor,
            action: 'kyc-document',
            detail: { id: s.id, account: s.account, side: args.side },
          });
          return {
            id: s.id,
            side: args.side,
            mime: image.mime,
            dataUrl: `data:${image.mime};base64,${image.bytes.toString('base64')}`,
          };
        }
        case 'approve':
        case 'reject': {
          const decided = await deps.service.decide(merchantCode, args.id, {
            verified: args.action === 'approve',
            reason: args.reason ?? null,
            actor,
          });
          return view({ ...decided });
        }
      }
    },
  };
}
