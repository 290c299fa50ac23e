import { FEEDBACK_BODY_LIMIT_BYTES, routes } from '@aurum/contract';
import type { FastifyInstance } from 'fastify';
import { MINUTE_MS } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { type RouteContext, registerRoute, signedIn } from '../../platform/http.ts';
import { findById, isTrialType, requestLanguage, requireRealAccount } from '../accounts/index.ts';
import type { AreaDeps } from '../area-deps.ts';
import { MESSAGES_EVENT, SupportFanout } from './fanout.ts';
import { supportOps } from './ops.ts';
import { SupportService } from './service.ts';

const limit = (perMinute: number) => ({ perIp: { limit: perMinute, windowMs: MINUTE_MS } });

/** The SPA page a launched chat opens (apps/web route /chat). */
export const CHAT_PAGE = '/chat';

/** Installs the support area: feedback, member messages (messageV2), the chat room and live support. */
export async function installSupport(app: FastifyInstance, deps: AreaDeps): Promise<void> {
  const { database, store, events, clock, storage, limiter, ops } = deps;
  const hub = app.realtime;
  if (!hub) throw new Error('installSupport needs realtimeRoutes() first');
  const fanout = new SupportFanout(database, events, hub, (err) =>
    app.log.warn({ err }, 'support event not delivered'),
  );
  const service = new SupportService({ database, clock, storage, limiter, notifier: fanout });
  fanout.service = service;
  await fanout.start();
  app.addHook('onClose', async () => fanout.stop());
  // Security changes of a member's account (two-factor bound, a recovery code used…) in its messages.
  deps.accounts.securityEvents.whenRecorded((notice) =>
    service
      .sendMessage(notice.merchantCode, notice.memberId, notice.title, notice.text, 'system')
      .catch((err: unknown) => app.log.warn({ err }, 'security notice not delivered')),
  );

  // The unread count: a state event like the balance, never for trial accounts (they have no inbox).
  events.define(MESSAGES_EVENT, async (merchantCode, memberId) => {
    const merchant = await store.get(merchantCode);
    const member = merchant ? await findById(database.db, merchantCode, memberId) : null;
    if (!merchant || !member || isTrialType(merchant, member.type)) return null;
    if (!merchant.features.has('INBOX3')) return null;
    return { type: MESSAGES_EVENT, unread: await service.unread(merchantCode, memberId) };
  });

  const language = <Q, B>(ctx: RouteContext<Q, B>) => requestLanguage(ctx.merchant, ctx.req.headers.language);

  registerRoute(
    app,
    store,
    routes.feedbackSettings,
    (ctx) => service.feedbackSettings(ctx.merchant),
    limit(120),
  );
  registerRoute(
    app,
    store,
    routes.feedbackSubmit,
    (ctx) => service.submitFeedback(ctx.merchant, signedIn(ctx).member, ctx.body),
    { ...limit(10), bodyLimit: FEEDBACK_BODY_LIMIT_BYTES },
  );
  registerRoute(
    app,
    store,
    routes.feedbackList,
    (ctx) => service.listFeedback(ctx.merchant, signedIn(ctx).member, ctx.query.page, ctx.query.size),
    limit(120),
  );

  registerRoute(
    app,
    store,
    routes.messageList,
    (ctx) => service.listMessages(ctx.merchant, signedIn(ctx).member, ctx.query.page, ctx.query.size),
    limit(120),
  );
  registerRoute(
    app,
    store,
    routes.messageDetail,
    (ctx) => service.message(ctx.merchant, signedIn(ctx).member, ctx.query.id),
    limit(240),
  );
  registerRoute(
    app,
    store,
    routes.messageRead,
    (ctx) => service.markRead(ctx.merchant, signedIn(ctx).member, ctx.body.id),
    limit(240),
  );
  registerRoute(
    app,
    store,
    routes.messageReadAll,
    (ctx) => service.markRead(ctx.merchant, signedIn(ctx).member, null),
    limit(60),
  );
  registerRoute(
    app,
    store,
    routes.messageUnread,
    (ctx) => {
      const { member } = signedIn(ctx);
      requireRealAccount(ctx.merchant, member);
      return service.unread(ctx.merchant.code, member.id);
    },
    limit(240),
  );

  registerRoute(
    app,
    store,
    routes.chatModels,
    (ctx) => service.channels(ctx.merchant, language(ctx)),
    limit(120),
  );
  registerRoute(
    app,
    store,
    routes.chatLaunch,
    (ctx) => {
      const { channel } = ctx.body;
      const known = service.channels(ctx.merchant, language(ctx)).some((c) => c.id === channel);
      if (!known) throw new AppError('support.chat.room.unknown');
      return { chatUrl: `${CHAT_PAGE}?channel=${encodeURIComponent(channel)}` };
    },
    limit(60),
  );
  registerRoute(
    app,
    store,
    routes.chatRoom,
    (ctx) => service.chatRoom(ctx.merchant, signedIn(ctx).member, ctx.query.room, language(ctx)),
    limit(240),
  );
  registerRoute(
    app,
    store,
    routes.chatPost,
    (ctx) => service.postChat(ctx.merchant, signedIn(ctx).member, ctx.body.room, ctx.body.text),
    limit(120),
  );
  registerRoute(
    app,
    store,
    routes.supportChat,
    (ctx) => service.supportChat(ctx.merchant, signedIn(ctx).member, language(ctx)),
    limit(240),
  );
  registerRoute(
    app,
    store,
    routes.supportPost,
    (ctx) => {
      const { member } = signedIn(ctx);
      requireRealAccount(ctx.merchant, member);
      return service.supportPost(
        ctx.merchant.code,
        member.id,
        'MEMBER',
        ctx.body.text,
        null,
        ctx.merchant.config.support.chat,
      );
    },
    limit(120),
  );

  supportOps(ops, service, database);
}
