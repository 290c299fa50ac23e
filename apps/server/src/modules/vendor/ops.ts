import { z } from 'zod';
import { recordAudit } from '../../platform/audit.ts';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { MerchantStore } from '../../platform/merchants.ts';
import type { OpsExtension } from '../ops/index.ts';
import type { VendorCredentials } from './credentials.ts';

/** `npm run ops -- vendor-secret <VENDOR> [--rotate]`, as the operator endpoint receives it. */
export const vendorSecretCommandSchema = z.object({
  command: z.literal('vendor-secret'),
  vendor: z.string().regex(/^[A-Z0-9_]{1,16}$/, 'a vendor code (vassalage) like AURX'),
  rotate: z.boolean().default(false),
});

export interface VendorSecretAnswer {
  vendor: string;
  /** Shown this once: the platform never prints it again. */
  secret: string;
  rotated: boolean;
}

/**
 * Makes the secret an external vendor signs its calls with (or, with rotate, replaces a
 * vendor's secret: the old one stops working at once in every process). Refuses a vendor the
 * merchant does not list, and a second secret without rotate, so a secret is printed once.
 * The audit trail records who did it, never the secret.
 */
export function vendorSecretCommand(deps: {
  database: Database;
  store: MerchantStore;
  credentials: VendorCredentials;
}): OpsExtension<typeof vendorSecretCommandSchema> {
  return {
    schema: vendorSecretCommandSchema,
    async run(merchantCode, args, actor): Promise<VendorSecretAnswer> {
      const merchant = await deps.store.get(merchantCode);
      if (!merchant) throw new AppError('merchant.unknown');
      if (!deps.credentials.vendorOf(merchant, args.vendor)) {
        throw new AppError('ops.invalid', `The merchant does not list the vendor ${args.vendor}.`);
      }
      const secret = await deps.credentials.issue(merchantCode, args.vendor, args.rotate, actor);
      if (secret === null) {
        throw new AppError('ops.invalid', `${args.vendor} has a secret already: --rotate replaces it.`);
      }
      await recordAudit(deps.database, {
        merchantCode,
        actor,
        action: 'vendor-secret',
        detail: { vendor: args.vendor, rotated: args.rotate },
      });
      return { vendor: args.vendor, secret, rotated: args.rotate };
    },
  };
}
