import { amountSchema, idempotencyKeySchema, ok, routes, TX_TYPE_IDS } from '@aurum/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MINUTE_MS } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { registerRoute, signedIn } from '../../platform/http.ts';
import type { MerchantStore } from '../../platform/merchants.ts';
import { requireOperator } from '../../platform/ops-token.ts';
import { type AccountRef, parseRef } from './accounts.ts';
import type { Ledger } from './ledger.ts';
import { presentTransfer } from './presenter.ts';
import type { WalletService } from './service.ts';

const accountRefSchema = z
  .string()
  .max(80)
  .transform((text, ctx): AccountRef => {
    const ref = parseRef(text);
    if (!ref) {
      ctx.addIssue({ code: 'custom', message: 'an account like member:12:MAIN or HOUSE:AURX' });
      return z.NEVER;
    }
    return ref;
  });

const operatorBase = {
  merchant: z.string().min(1).max(32),
  actor: z.string().min(1).max(64),
  idempotencyKey: idempotencyKeySchema,
  memo: z.string().max(255).optional(),
};

/** POST /ops/ledger/transfer: moves money between any two accounts of a merchant. */
export const operatorTransferSchema = z.strictObject({
  ...operatorBase,
  from: accountRefSchema,
  to: accountRefSchema,
  amount: amountSchema,
  kind: z
    .number()
    .int()
    .refine((k) => TX_TYPE_IDS.has(k), 'a TX_TYPE id'),
});

/** POST /ops/ledger/reverse: undoes a transfer with a reversing one. */
export const operatorReverseSchema = z.strictObject({
  ...operatorBase,
  transferId: z.number().int().positive(),
});

function parseOrRefuse<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const details: Record<string, string> = {};
  for (const issue of parsed.error.issues) details[issue.path.join('.') || '(request)'] ??= issue.message;
  throw new AppError('request.invalid', undefined, details);
}

export interface WalletRouteDeps {
  store: MerchantStore;
  wallet: WalletService;
  ledger: Ledger;
  opsToken: string;
}

export function walletRoutes(app: FastifyInstance, deps: WalletRouteDeps): void {
  const { store, wallet, ledger, opsToken } = deps;

  registerRoute(
    app,
    store,
    routes.walletBalance,
    (ctx) => {
      return wallet.balance(ctx.merchant, signedIn(ctx).member);
    },
    { perIp: { limit: 240, windowMs: MINUTE_MS } },
  );

  // Operator (back-office) movements: loopback and the operator token only. The games, the
  // cashier and the other modules call the Ledger in-process; these serve operators' tools, the
  // ledger's multi-process and crash tests and the ledger benchmark.
  const knownMerchant = async (code: string) => {
    if (!(await store.get(code))) throw new AppError('merchant.unknown');
  };

  app.post('/ops/ledger/transfer', async (req) => {
    requireOperator(req, opsToken);
    const body = parseOrRefuse(operatorTransferSchema, req.body);
    await knownMerchant(body.merchant);
    const result = await ledger.move({
      merchant: body.merchant,
      from: body.from,
      to: body.to,
      amountMinor: body.amount,
      kind: body.kind,
      idempotencyKey: body.idempotencyKey,
      memo: body.memo ?? null,
      actor: body.actor,
    });
    return ok(presentTransfer(result));
  });

  app.post('/ops/ledger/reverse', async (req) => {
    requireOperator(req, opsToken);
    const body = parseOrRefuse(operatorReverseSchema, req.body);
    await knownMerchant(body.merchant);
    const result = await ledger.run((tx) =>
      ledger.reverse(tx, {
        merchant: body.merchant,
        transferId: body.transferId,
        idempotencyKey: body.idempotencyKey,
        memo: body.memo ?? null,
        actor: body.actor,
      }),
    );
    return ok(presentTransfer(result));
  });
}
