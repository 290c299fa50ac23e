import { type LoginValue, routes, type SignInMethod } from '@aurum/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { MemberRow } from '../../../db/schema.ts';
import { MINUTE_MS } from '../../../platform/clock.ts';
import { sha256Hex } from '../../../platform/crypto.ts';
import { AppError } from '../../../platform/errors.ts';
import { isViewOnly, registerRoute, signedIn } from '../../../platform/http.ts';
import type { MerchantState, MerchantStore } from '../../../platform/merchants.ts';
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
import type { SignedIn } from './login.ts';
import { clientOf, type SignInClient } from './security.ts';

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

  const { security, countryHeader } = accounts;
  const clientFor = (req: FastifyRequest, ip: string) =>
    clientOf(req, ip, countryHeader, readCookie(req, DEVICE_COOKIE));

  /**
   * After a sign-in through the login calls: the browser's device cookie (a new device of a member
   * who signed in before is told in messages), the sign-in history, and the previous sign-in in
   * the reply.
   */
  const finish = async (
    req: FastifyRequest,
    reply: FastifyReply,
    merchant: MerchantState,
    signed: { value: LoginValue; member: MemberRow },
    method: SignInMethod,
    client: SignInClient,
    rememberToken: string | null,
    device: { token: string; isNew: boolean } | null,
  ): Promise<LoginValue> => {
    const { value, member } = signed;
    if (device) setDeviceCookie(req, reply, device.token);
    const c = device ? { ...client, deviceHash: sha256Hex(device.token) } : client;
    const lastSignIn = await security.signedIn(member, method, c, value.token, rememberToken);
    if (device?.isNew) await security.newDevice(merchant, member, c);
    reply.header('cache-control', 'no-store');
    return { ...value, lastSignIn };
  };

  registerRoute(
    app,
    store,
    routes.login,
    async ({ req, reply, merchant, body, ip }) => {
      const client = { ...clientFor(req, ip), deviceId: body.loginDeviceId ?? null };
      let signed: SignedIn;
      try {
        signed =
          body.type === 'sms'
            ? await login.withSms(merchant, body, ip)
            : await login.withPassword(
                merchant,
                body,
                ip,
                requestLanguage(merchant, req.headers.language),
                readCookie(req, DEVICE_COOKIE),
              );
      } catch (e) {
        if (body.type === 'username' && e instanceof AppError && e.code === 'login.failed') {
          await security.passwordFailed(merchant, body.username, client);
        }
        throw e;
      }
      let rememberToken: string | null = null;
      if (body.remember) {
        const remembered = await sessions.remember(merchant, signed.member, ip);
        setRememberCookie(req, reply, remembered.token, remembered.maxAgeMs);
        rememberToken = remembered.token;
      }
      const device = await login.rememberDevice(signed.member, readCookie(req, DEVICE_COOKIE));
      const method = body.type === 'sms' ? 'sms' : 'password';
      return finish(req, reply, merchant, signed, method, client, rememberToken, device);
    },
    perMinute(20),
  );

  registerRoute(
    app,
    store,
    routes.loginTwoFactor,
    async ({ req, reply, merchant, body, ip }) => {
      const client = clientFor(req, ip);
      let signed: SignedIn;
      try {
        signed = await login.withSecondFactor(merchant, body, ip);
      } catch (e) {
        if (e instanceof AppError && e.code === 'two.factor.code.invalid') {
          await security.secondFactorFailed(merchant, body.ticket, client);
        }
        throw e;
      }
      let rememberToken: string | null = null;
      if (signed.remember) {
        const remembered = await sessions.remember(merchant, signed.member, ip);
        setRememberCookie(req, reply, remembered.token, remembered.maxAgeMs);
        rememberToken = remembered.token;
      }
      const device = await login.rememberDevice(signed.member, readCookie(req, DEVICE_COOKIE));
      return finish(req, reply, merchant, signed, 'two_factor', client, rememberToken, device);
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
        const signed = await login.withRememberToken(merchant, token, body?.site ?? 'member', ip);
        // The used token is gone; the next one carries on for a full period.
        const next = await sessions.remember(merchant, signed.member, ip);
        setRememberCookie(req, reply, next.token, next.maxAgeMs);
        return await finish(req, reply, merchant, signed, 'remember', clientFor(req, ip), next.token, null);
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
    async ({ req, reply, merchant, body, ip }) => {
      const redeemed = await handoff.redeem(merchant, body.ticket, ip);
      // An operator's read-only view is not the member's sign-in: nothing is recorded for it.
      if (redeemed.view) {
        reply.header('cache-control', 'no-store');
        return redeemed.value;
      }
      const method = redeemed.social ? 'social' : 'handoff';
      return finish(req, reply, merchant, redeemed, method, clientFor(req, ip), null, null);
    },
    perMinute(20),
  );

  registerRoute(
    app,
    store,
    routes.logout,
    async (ctx) => {
      const { session, member } = signedIn(ctx);
      // Closing an operator's view ends that view only, never the member's games.
      if (isViewOnly(session)) await sessions.end(session.id);
      else await sessions.signOut(session.id, member.id);
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
