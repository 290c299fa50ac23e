import { routes } from '@aurum/contract';
import type { FastifyInstance } from 'fastify';
import { MINUTE_MS } from '../../platform/clock.ts';
import { registerRoute, signedIn } from '../../platform/http.ts';
import type { MerchantStore } from '../../platform/merchants.ts';
import { requestLanguage } from '../accounts/index.ts';
import type { MemberStatements } from './statement.ts';

const limit = (limit: number) => ({ perIp: { limit, windowMs: MINUTE_MS } });

/** The member's statement (the credit report) and its CSV and PDF. */
export function statementRoutes(app: FastifyInstance, store: MerchantStore, statements: MemberStatements) {
  registerRoute(
    app,
    store,
    routes.statement,
    (ctx) => statements.statement(ctx.merchant, signedIn(ctx).member, ctx.query),
    limit(60),
  );
  registerRoute(
    app,
    store,
    routes.statementFile,
    (ctx) =>
      statements.file(
        ctx.merchant,
        signedIn(ctx).member,
        ctx.query,
        requestLanguage(ctx.merchant, ctx.req.headers.language),
      ),
    limit(20),
  );
}
