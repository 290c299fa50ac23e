import { routes } from '@aurum/contract';
import { newServerSeed } from '@aurum/games/node';
import type { FastifyInstance } from 'fastify';
import { MINUTE_MS, SECOND_MS } from '../../platform/clock.ts';
import { optionalMember, registerRoute, signedIn } from '../../platform/http.ts';
import type { Job } from '../../platform/jobs.ts';
import { isTrialType, requestLanguage } from '../accounts/index.ts';
import type { AreaDeps } from '../area-deps.ts';
import type { Vendors } from '../vendor/index.ts';
import { LotteryFanout } from './fanout.ts';
import { lotteryLaunch } from './launch.ts';
import { lotteryOps } from './ops.ts';
import { LotteryService } from './service.ts';

/** The scheduler's name, for Jobs.runNow in tests. */
export const LOTTERY_JOB = 'lottery-draws';

const perMinute = (limit: number) => ({ perIp: { limit, windowMs: MINUTE_MS } });

/**
 * Installs the lottery: the member calls, the scheduler (issues, draws, settlement, refunds)
 * and the operator's `lottery` command.
 */
export async function installLottery(
  app: FastifyInstance,
  deps: AreaDeps & { vendors: Vendors; newServerSeed?: () => string },
): Promise<LotteryService> {
  const { store, database, clock } = deps;
  const hub = app.realtime;
  const fanout = hub
    ? new LotteryFanout(database, hub, (err) => app.log.warn({ err }, 'lottery event not delivered'))
    : undefined;
  if (fanout) {
    await fanout.start();
    app.addHook('onClose', async () => fanout.stop());
  }
  const service = new LotteryService({
    database,
    ledger: deps.ledger,
    store,
    vendors: deps.vendors,
    clock,
    newServerSeed: deps.newServerSeed ?? newServerSeed,
    ...(fanout ? { notifier: fanout } : {}),
  });
  deps.jobs.add(lotteryJob(service));
  lotteryOps(deps.ops, service, database);

  registerRoute(
    app,
    store,
    routes.lotteryGameMenu,
    ({ req, merchant, query }) =>
      service.gameMenu(merchant, requestLanguage(merchant, req.headers.language), query.prizeMode),
    perMinute(600),
  );
  registerRoute(
    app,
    store,
    routes.lotteryConfig,
    async ({ req, reply, merchant }) =>
      service.configFor(merchant, await optionalMember(app, merchant, req, reply)),
    perMinute(600),
  );
  registerRoute(
    app,
    store,
    routes.lotteryRecentGames,
    (ctx) =>
      service.recentGames(
        ctx.merchant,
        signedIn(ctx).member.id,
        requestLanguage(ctx.merchant, ctx.req.headers.language),
        ctx.query.prizeMode,
      ),
    perMinute(120),
  );
  registerRoute(
    app,
    store,
    routes.lotteryResults,
    ({ merchant, query }) => service.results(merchant, query.gameCode, query.size),
    perMinute(600),
  );
  registerRoute(
    app,
    store,
    routes.lotteryOpened,
    ({ merchant, query }) => service.opened(merchant, query.prizeMode),
    perMinute(600),
  );
  registerRoute(
    app,
    store,
    routes.lotteryLaunch,
    ({ req, merchant, body }) =>
      lotteryLaunch(merchant, service.configOf(merchant)?.config ?? null, body, req.hostname),
    perMinute(120),
  );
  registerRoute(
    app,
    store,
    routes.lotteryDraws,
    ({ merchant, query }) => service.draws(merchant, query),
    perMinute(600),
  );
  registerRoute(app, store, routes.lotteryBet, (ctx) => {
    const { member } = signedIn(ctx);
    return service.place(
      ctx.merchant,
      {
        id: member.id,
        trial: isTrialType(ctx.merchant, member.type),
        prizeGroup: member.lotteryPrizeGroup,
      },
      ctx.body,
    );
  });
  registerRoute(app, store, routes.lotteryChase, (ctx) => {
    const { member } = signedIn(ctx);
    return service.chase(
      ctx.merchant,
      {
        id: member.id,
        trial: isTrialType(ctx.merchant, member.type),
        prizeGroup: member.lotteryPrizeGroup,
      },
      ctx.body,
    );
  });
  registerRoute(app, store, routes.lotteryChaseCancel, (ctx) =>
    service.cancelChase(ctx.merchant, signedIn(ctx).member.id, ctx.body),
  );
  registerRoute(app, store, routes.lotteryChases, (ctx) =>
    service.chases(ctx.merchant.code, signedIn(ctx).member.id, ctx.query),
  );
  registerRoute(app, store, routes.lotteryChaseDetail, (ctx) =>
    service.chaseDetail(ctx.merchant.code, signedIn(ctx).member.id, ctx.query.chaseId),
  );
  registerRoute(app, store, routes.lotteryTickets, (ctx) =>
    service.tickets(ctx.merchant.code, signedIn(ctx).member.id, ctx.query),
  );
  registerRoute(app, store, routes.lotteryTicket, (ctx) =>
    service.ticket(ctx.merchant.code, signedIn(ctx).member.id, ctx.query.ticketId),
  );
  return service;
}

/**
 * Every second: make the coming issues, close sales, draw what is due, settle, refund, sweep.
 * Safe in several processes at once (docs/lottery-server.md).
 */
export function lotteryJob(service: LotteryService): Job {
  return { name: LOTTERY_JOB, everyMs: SECOND_MS, run: (now) => service.tick(now) };
}
