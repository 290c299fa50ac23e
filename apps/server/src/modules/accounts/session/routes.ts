import { routes } from '@aurum/contract';
import type { FastifyInstance } from 'fastify';
import { MINUTE_MS } from '../../../platform/clock.ts';
import { AppError } from '../../../platform/errors.ts';
import { registerRoute, signedIn } from '../../../platform/http.ts';
import type { MerchantStore } from '../../../platform/merchants.ts';
import { requestLanguage } from '../member/service.ts';
import type { Accounts } from '../security/accounts.ts';
import {
  clearRememberCookie,
  DEVICE_COOKIE,
  REMEMBER_COOKIE,
  readCookie,
  setDeviceCookie,
  setRememberCookie,
} from './cookies.ts';

const perMinute = (limit: number) => ({ perIp: { limit, windowMs: MINUTE_MS } });

export function sessionRoutes(app: FastifyInstance, store: MerchantStore, accounts: Accounts): void {
  const { keys, login, sessions, clock, handoff } = accounts;

  registerRoute(
    app,
    store,
    routes.sessionKey,
    ({ reply }) => {
      // It carries the server's time, which clients stamp E bodies by: never from a cache.
      reply.header('cache-control', 'no-store');
      return {
        kid: keys.kid,
        jwk: keys.publicJwk as { kty: 'RSA'; n: string; e: string },
        serverTime: clock.now(),
      };
    },
    perMinute(60),
  );

  registerRoute(
    app,
    store,
    routes.login,
    async ({ req, reply, merchant, body, ip }) => {
      const { value, member } =
        body.type === 'sms'
          ? await login.withSms(merchant, body, ip)
          : await login.withPassword(
              merchant,
              body,
              ip,
              requestLanguage(merchant, req.headers.language),
              readCookie(req, DEVICE_COOKIE),
            );
      if (body.remember) {
        const remembered = await sessions.remember(merchant, member, ip);
        setRememberCookie(req, reply, remembered.token, remembered.maxAgeMs);
      }
      setDeviceCookie(req, reply, await login.rememberDevice(member, readCookie(req, DEVICE_COOKIE)));
      reply.header('cache-control', 'no-store');
      return value;
    },
    perMinute(20),
  );

  registerRoute(
    app,
    store,
    routes.loginTwoFactor,
    async ({ req, reply, merchant, body, ip }) => {
      const { value, member, remember } = await login.withSecondFactor(merchant, body, ip);
      if (remember) {
        const remembered = await sessions.remember(merchant, member, ip);
        setRememberCookie(req, reply, remembered.token, remembered.maxAgeMs);
      }
      setDeviceCookie(req, reply, await login.rememberDevice(member, readCookie(req, DEVICE_COOKIE)));
      reply.header('cache-control', 'no-store');
      return value;
    },
    perMinute(20),
  );

  registerRoute(
    app,
    store,
    routes.loginRemember,
    async ({ req, reply, merchant, body, ip }) => {
      const token = readCookie(req, REMEMBER_COOKIE);
      if (!token) throw new AppError('user.or.token.invalid');
      try {
        const { value, member } = await login.withRememberToken(merchant, token, body?.site ?? 'member', ip);
        // The used token is gone; the next one carries on for a full period.
        const next = await sessions.remember(merchant, member, ip);
        setRememberCookie(req, reply, next.token, next.maxAgeMs);
        reply.header('cache-control', 'no-store');
        return value;
      } catch (e) {
        clearRememberCookie(req, reply);
        throw e;
      }
    },
    perMinute(20),
  );

  registerRoute(
    app,
    store,
    routes.loginFreePlay,
    async ({ req, merchant, body, ip }) =>
      (await login.freePlay(merchant, body, ip, requestLanguage(merchant, req.headers.language))).value,
    perMinute(20),
  );

  registerRoute(
    app,
    store,
    routes.handoffTicket,
    async (ctx) => {
      const { member } = signedIn(ctx);
      return handoff.issue(ctx.merchant, member, ctx.ip, ctx.body?.path);
    },
    perMinute(20),
  );

  registerRoute(
    app,
    store,
    routes.handoffRedeem,
    async ({ reply, merchant, body, ip }) => {
      const value = await handoff.redeem(merchant, body.ticket, ip);
      reply.header('cache-control', 'no-store');
      return value;
    },
    perMinute(20),
  );

  registerRoute(
    app,
    store,
    routes.logout,
    async (ctx) => {
      const { session, member } = signedIn(ctx);
      await sessions.signOut(session.id, member.id);
      const remember = readCookie(ctx.req, REMEMBER_COOKIE);
      if (remember) {
        await sessions.forgetRemember(ctx.merchant, remember, member.id);
        clearRememberCookie(ctx.req, ctx.reply);
      }
      return { loggedOut: true as const };
    },
    perMinute(60),
  );
}
