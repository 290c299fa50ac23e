import { routes } from '@aurum/contract';
import type { FastifyInstance } from 'fastify';
import { MINUTE_MS } from '../../platform/clock.ts';
import { registerRoute, signedIn } from '../../platform/http.ts';
import type { MerchantStore } from '../../platform/merchants.ts';
import type { GameWalletTransfers } from './transfers.ts';
import type { AgentTransfers } from './transfers-agent.ts';

const limit = (limit: number) => ({ perIp: { limit, windowMs: MINUTE_MS } });

export interface TransferRouteDeps {
  store: MerchantStore;
  gameWallets: GameWalletTransfers;
  agentTransfers: AgentTransfers;
}

/** My wallet (game wallet transfers), transferUpline and the agent's downline transfers. */
export function transferRoutes(app: FastifyInstance, deps: TransferRouteDeps): void {
  const { store, gameWallets, agentTransfers } = deps;

  registerRoute(
    app,
    store,
    routes.merchantWallet,
    ({ merchant }) => gameWallets.merchantWallet(merchant),
    limit(120),
  );
  registerRoute(
    app,
    store,
    routes.walletTransfer,
    (ctx) => gameWallets.transfer(ctx.merchant, signedIn(ctx).member, ctx.body),
    limit(60),
  );
  registerRoute(
    app,
    store,
    routes.walletRecall,
    (ctx) => gameWallets.recall(ctx.merchant, signedIn(ctx).member, ctx.body),
    limit(30),
  );

  registerRoute(
    app,
    store,
    routes.uplineInfo,
    (ctx) => {
      return agentTransfers.uplineInfo(ctx.merchant, signedIn(ctx).member);
    },
    limit(60),
  );
  registerRoute(
    app,
    store,
    routes.uplineTransfer,
    (ctx) => agentTransfers.toUpline(ctx.merchant, signedIn(ctx).member, ctx.body),
    limit(30),
  );
  registerRoute(
    app,
    store,
    routes.downlines,
    (ctx) => {
      return agentTransfers.downlines(ctx.merchant, signedIn(ctx).member, ctx.query);
    },
    limit(120),
  );
  registerRoute(
    app,
    store,
    routes.downlineTransfer,
    (ctx) => agentTransfers.toDownline(ctx.merchant, signedIn(ctx).member, ctx.body),
    limit(30),
  );
}
