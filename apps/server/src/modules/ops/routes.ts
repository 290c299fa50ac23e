import { ok } from '@aurum/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../platform/errors.ts';
import { readMerchantConfig } from '../../platform/merchant-config.ts';
import { requireOperator } from '../../platform/ops-token.ts';
import type { OpsService } from './service.ts';

const requestSchema = z.object({
  merchant: z.string().min(1).max(32),
  actor: z.string().min(1).max(64),
  args: z.record(z.string(), z.unknown()),
});

/**
 * The operator endpoint the `npm run ops` CLI talks to while the server runs: loopback only,
 * guarded by the operator token.
 */
export function opsRoutes(app: FastifyInstance, ops: OpsService, token: string, configDir: string): void {
  app.post('/ops/command', async (req) => {
    requireOperator(req, token);
    const parsed = requestSchema.safeParse(req.body);
    if (!parsed.success) throw new AppError('ops.invalid');
    const { merchant, actor, args } = parsed.data;
    // A configuration that does not read or validate changes nothing and says why.
    const config =
      args.command === 'reload-config'
        ? await readMerchantConfig(configDir).catch((e: Error) => {
            throw new AppError('ops.invalid', e.message);
          })
        : undefined;
    return ok(await ops.run(merchant, args, actor, config));
  });
}
