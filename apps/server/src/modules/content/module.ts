import { isLanguage, routes } from '@aurum/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MINUTE_MS } from '../../platform/clock.ts';
import { registerRoute } from '../../platform/http.ts';
import type { MerchantState } from '../../platform/merchants.ts';
import { requestLanguage } from '../accounts/index.ts';
import type { AreaDeps } from '../area-deps.ts';
import { catalogueFigures, catalogueOf } from '../games/index.ts';
import { article, articles } from './articles.ts';
import { articlesCommand } from './articles-ops.ts';
import { contentCommand } from './ops.ts';
import { announcements, banners, helpCenter, notices, sitePages } from './service.ts';

const perMinute = (limit: number) => ({ perIp: { limit, windowMs: MINUTE_MS } });
const languageOf = (merchant: MerchantState, req: FastifyRequest) =>
  requestLanguage(merchant, req.headers.language);

/** Installs the content area: banners, notices, announcements (sanitised), help centre, join and sponsor pages. */
export async function installContent(
  app: FastifyInstance,
  deps: AreaDeps,
  /** The media library (CONFIG_DIR/media), whose images the console offers for banners and pages. */
  mediaDir: string,
): Promise<void> {
  const { store, clock } = deps;
  deps.ops.extend('content', contentCommand({ database: deps.database, store, clock, mediaDir }));
  deps.ops.extend('articles', articlesCommand({ database: deps.database, store, clock, mediaDir }));
  registerRoute(
    app,
    store,
    routes.banners,
    ({ req, merchant, query }) =>
      banners(merchant.config.content, query.groupName, languageOf(merchant, req), clock.now()),
    perMinute(240),
  );
  registerRoute(
    app,
    store,
    routes.notices,
    ({ req, merchant }) => notices(merchant.config.content, languageOf(merchant, req), clock.now()),
    perMinute(120),
  );
  registerRoute(
    app,
    store,
    routes.announcements,
    async ({ req, reply, merchant, query }) => {
      // Member announcements (A, F) need a live session; without one the caller is a visitor (B).
      let execution = query.execution;
      if (execution !== 'B') {
        const token = req.headers.authorization;
        const principal =
          typeof token === 'string' && token ? await app.guards!.authenticate(merchant, token) : null;
        if (!principal) execution = 'B';
        reply.header('cache-control', 'no-store');
      }
      return announcements(
        merchant.config.content,
        { ...query, execution },
        languageOf(merchant, req),
        clock.now(),
      );
    },
    perMinute(120),
  );
  registerRoute(
    app,
    store,
    routes.helpCenter,
    ({ req, merchant, query }) => {
      const language = query.lang && isLanguage(query.lang) ? query.lang : languageOf(merchant, req);
      return helpCenter(merchant.config.content, language);
    },
    perMinute(120),
  );
  registerRoute(
    app,
    store,
    routes.articles,
    ({ req, merchant, query }) =>
      articles(merchant.config.content, query, languageOf(merchant, req), clock.now()),
    perMinute(120),
  );
  registerRoute(
    app,
    store,
    routes.article,
    ({ req, merchant, query }) =>
      article(merchant.config.content, query, languageOf(merchant, req), clock.now()),
    perMinute(240),
  );
  registerRoute(
    app,
    store,
    routes.sitePages,
    ({ req, merchant }) =>
      sitePages(merchant.config.content, languageOf(merchant, req), catalogueFigures(catalogueOf(merchant))),
    perMinute(120),
  );
}
