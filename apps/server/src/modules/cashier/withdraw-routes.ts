import { PROOF_BODY_LIMIT_BYTES, routes } from '@aurum/contract';
import type { FastifyInstance } from 'fastify';
import type { MemberRow } from '../../db/schema.ts';
import { type Clock, MINUTE_MS } from '../../platform/clock.ts';
import type { Database } from '../../platform/db.ts';
import type { EventBus } from '../../platform/events.ts';
import { registerRoute, signedIn } from '../../platform/http.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { MerchantState, MerchantStore } from '../../platform/merchants.ts';
import type { BlobStorage } from '../../platform/storage.ts';
import type { OpsService } from '../ops/index.ts';
import type { Ledger } from '../wallet/index.ts';
import { BoundAccounts } from './bound-accounts.ts';
import type { PaymentPasswords } from './payment-password.ts';
import { WithdrawOps } from './withdraw-ops.ts';
import { type WithdrawalVerification, WithdrawService } from './withdraw-service.ts';

const limit = (limit: number, minutes = 1) => ({ perIp: { limit, windowMs: minutes * MINUTE_MS } });

export interface WithdrawRouteDeps {
  store: MerchantStore;
  database: Database;
  ledger: Ledger;
  clock: Clock;
  storage: BlobStorage;
  passwords: PaymentPasswords;
  ops: OpsService;
  jobs: Jobs;
  events?: EventBus;
  verification?: WithdrawalVerification;
  /** Who may reset a forgotten payment password (the accounts area's proof). */
  paymentReset?: {
    sendCode(
      merchant: MerchantState,
      member: MemberRow,
      ip: string,
      language: string,
    ): Promise<{ destination: string; expiredMinutes: number }>;
    prove(
      merchant: MerchantState,
      member: MemberRow,
      proof: { twoFactorCode?: string | undefined; smsCode?: string | undefined },
      ip: string,
    ): Promise<void>;
  };
  /** The merchant's second-factor guard (accounts.secondFactorFor), from the accounts area. */
  secondFactor?: SecondFactorGuard;
}

/** Refuses unless the member gave the second factor the merchant asks for the action. */
export type SecondFactorGuard = (
  merchant: MerchantState,
  member: MemberRow,
  action: 'withdraw' | 'paymentPassword',
  code: string | undefined,
  ip: string,
) => Promise<void>;

/**
 * The withdrawal side of the cashier: the payment password, bound accounts, requests and the
 * confirmation flow; the operator's `withdraw` command and the auto-received job.
 */
export function withdrawRoutes(app: FastifyInstance, deps: WithdrawRouteDeps): void {
  const { store, database, ledger, clock, storage, passwords, events, verification } = deps;
  const accounts = new BoundAccounts({ database, clock, passwords });
  const withdrawals = new WithdrawService({
    database,
    ledger,
    clock,
    storage,
    passwords,
    events,
    verification,
  });
  new WithdrawOps({ database, ledger, store, clock, events }).register(deps.ops);
  deps.jobs.add(withdrawals.autoReceiveJob());

  registerRoute(
    app,
    store,
    routes.paymentPassword,
    async (ctx) => {
      const { member } = signedIn(ctx);
      await deps.secondFactor?.(ctx.merchant, member, 'paymentPassword', ctx.body.twoFactorCode, ctx.ip);
      return passwords.set(ctx.merchant, member, ctx.body);
    },
    limit(10),
  );

  const paymentReset = deps.paymentReset;
  if (paymentReset) {
    registerRoute(
      app,
      store,
      routes.paymentPasswordResetCode,
      (ctx) => {
        const { member } = signedIn(ctx);
        return paymentReset.sendCode(ctx.merchant, member, ctx.ip, member.language);
      },
      limit(5),
    );
    registerRoute(
      app,
      store,
      routes.paymentPasswordReset,
      async (ctx) => {
        const { member } = signedIn(ctx);
        await paymentReset.prove(ctx.merchant, member, ctx.body, ctx.ip);
        return passwords.reset(ctx.merchant, member, ctx.body);
      },
      limit(10),
    );
  }

  registerRoute(
    app,
    store,
    routes.boundAccounts,
    (ctx) => {
      ctx.reply.header('cache-control', 'no-store');
      return accounts.list(ctx.merchant, signedIn(ctx).member);
    },
    limit(60),
  );
  registerRoute(
    app,
    store,
    routes.bindAccount,
    (ctx) => accounts.bind(ctx.merchant, signedIn(ctx).member, ctx.body),
    limit(10),
  );
  registerRoute(
    app,
    store,
    routes.removeAccount,
    (ctx) => accounts.remove(ctx.merchant, signedIn(ctx).member, ctx.body),
    limit(10),
  );

  registerRoute(
    app,
    store,
    routes.withdrawSettings,
    (ctx) => {
      ctx.reply.header('cache-control', 'no-store');
      return withdrawals.settings(ctx.merchant, signedIn(ctx).member);
    },
    limit(60),
  );
  registerRoute(
    app,
    store,
    routes.withdraw,
    async (ctx) => {
      const { member } = signedIn(ctx);
      await deps.secondFactor?.(ctx.merchant, member, 'withdraw', ctx.body.twoFactorCode, ctx.ip);
      return withdrawals.request(ctx.merchant, member, ctx.body);
    },
    limit(20),
  );
  registerRoute(
    app,
    store,
    routes.withdrawOrders,
    (ctx) => {
      ctx.reply.header('cache-control', 'no-store');
      return withdrawals.orders(ctx.merchant, signedIn(ctx).member, ctx.query);
    },
    limit(60),
  );
  registerRoute(
    app,
    store,
    routes.withdrawConfirm,
    (ctx) => withdrawals.confirm(ctx.merchant, signedIn(ctx).member, ctx.body),
    { ...limit(10), bodyLimit: PROOF_BODY_LIMIT_BYTES },
  );
}
