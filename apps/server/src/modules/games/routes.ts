import { routes } from '@aurum/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Clock, MINUTE_MS } from '../../platform/clock.ts';
import type { Database } from '../../platform/db.ts';
import { registerRoute, signedIn } from '../../platform/http.ts';
import type { MerchantState, MerchantStore } from '../../platform/merchants.ts';
import { requestLanguage } from '../accounts/index.ts';
import type { OpsService } from '../ops/index.ts';
import type { Ledger } from '../wallet/index.ts';
import { BetRecordsService } from './bets.ts';
import { catalogueOf } from './catalogue.ts';
import { MemberGames } from './favourites.ts';
import { GameLauncher, type IssueLaunchToken } from './launch.ts';
import { GameLobby } from './lobby.ts';
import { gameCommand, vendorMaintenanceCommand } from './ops.ts';
import { gameMenus } from './service.ts';
import { WinnersBoard } from './winners.ts';

export interface GamesDeps {
  store: MerchantStore;
  database: Database;
  ledger: Ledger;
  clock: Clock;
  /** The vendor module's single-use launch tokens. */
  issueLaunchToken: IssueLaunchToken;
  /** The operator commands, extended with `vendor-maintenance` and `game`. */
  ops: OpsService;
}

const perMinute = (limit: number) => ({ perIp: { limit, windowMs: MINUTE_MS } });
const languageOf = (merchant: MerchantState, req: FastifyRequest) =>
  requestLanguage(merchant, req.headers.language);

/**
 * The game calls: categories, lobby (hot games, lanes, list, rooms, winners), the member's
 * favourites and recent games, launch and free play, the betting record and round recall.
 * Answers about a member are never cached by the browser or a proxy. Also the operator commands
 * `vendor-maintenance` and `game`.
 */
export function gamesRoutes(app: FastifyInstance, deps: GamesDeps): void {
  const { store, database, clock } = deps;
  deps.ops.extend('vendor-maintenance', vendorMaintenanceCommand({ database, store }));
  deps.ops.extend('game', gameCommand({ database, store }));
  const lobby = new GameLobby(database, clock);
  const memberGames = new MemberGames(database, clock);
  const launcher = new GameLauncher(deps);
  const bets = new BetRecordsService(database);
  const board = new WinnersBoard(database, clock);

  registerRoute(app, store, routes.gameMenus, ({ merchant }) =>
    gameMenus(merchant.config, catalogueOf(merchant)),
  );
  registerRoute(
    app,
    store,
    routes.hotGames,
    ({ req, merchant, query }) => lobby.hotGames(merchant, query, languageOf(merchant, req)),
    perMinute(120),
  );
  registerRoute(app, store, routes.gameLanes, ({ merchant, query }) => lobby.lanes(merchant, query));
  registerRoute(app, store, routes.gameList, ({ req, merchant, query }) =>
    lobby.list(merchant, query, languageOf(merchant, req)),
  );
  registerRoute(app, store, routes.gameRooms, ({ merchant, query }) => lobby.rooms(merchant, query));
  registerRoute(
    app,
    store,
    routes.winners,
    ({ req, merchant, query }) => board.winners(merchant, query, languageOf(merchant, req)),
    perMinute(120),
  );

  registerRoute(
    app,
    store,
    routes.favourites,
    (ctx) => {
      return memberGames.favourites(
        ctx.merchant,
        signedIn(ctx).member,
        ctx.query,
        languageOf(ctx.merchant, ctx.req),
      );
    },
    perMinute(120),
  );
  registerRoute(
    app,
    store,
    routes.favouriteIds,
    (ctx) => {
      return memberGames.ids(ctx.merchant, signedIn(ctx).member);
    },
    perMinute(120),
  );
  registerRoute(
    app,
    store,
    routes.favouriteAdd,
    (ctx) => memberGames.add(ctx.merchant, signedIn(ctx).member, ctx.body.nodeId),
    perMinute(120),
  );
  registerRoute(
    app,
    store,
    routes.favouriteRemove,
    (ctx) => memberGames.remove(ctx.merchant, signedIn(ctx).member, ctx.query.nodeId),
    perMinute(120),
  );
  registerRoute(
    app,
    store,
    routes.recentGames,
    (ctx) => {
      return memberGames.recent(ctx.merchant, signedIn(ctx).member, languageOf(ctx.merchant, ctx.req));
    },
    perMinute(120),
  );

  registerRoute(
    app,
    store,
    routes.launchGame,
    (ctx) => {
      return launcher.launch(
        ctx.merchant,
        signedIn(ctx).member,
        ctx.query,
        languageOf(ctx.merchant, ctx.req),
      );
    },
    perMinute(60),
  );
  registerRoute(
    app,
    store,
    routes.launchFreePlay,
    (ctx) => {
      return launcher.launchFreePlay(
        ctx.merchant,
        signedIn(ctx).member,
        ctx.query,
        languageOf(ctx.merchant, ctx.req),
      );
    },
    perMinute(60),
  );

  registerRoute(
    app,
    store,
    routes.betRecords,
    (ctx) => {
      return bets.records(ctx.merchant, signedIn(ctx).member, ctx.query, languageOf(ctx.merchant, ctx.req));
    },
    perMinute(120),
  );
  registerRoute(
    app,
    store,
    routes.betRecall,
    (ctx) => {
      return bets.recall(
        ctx.merchant,
        signedIn(ctx).member,
        ctx.query.orderNo,
        languageOf(ctx.merchant, ctx.req),
      );
    },
    perMinute(120),
  );
}
