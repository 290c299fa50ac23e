import {
  HEADER,
  redirectRoutes,
  SOCIAL_RESULT_PARAMS,
  socialCallbackQuerySchema,
  socialStartQuerySchema,
} from '@aurum/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MINUTE_MS } from '../../../platform/clock.ts';
import { AppError } from '../../../platform/errors.ts';
import { normaliseIp } from '../../../platform/geo.ts';
import { resolveMerchant } from '../../../platform/http.ts';
import type { MerchantState, MerchantStore } from '../../../platform/merchants.ts';
import { enforceLimit, type RateLimiter } from '../../../platform/rate-limit.ts';
import { readCookie } from '../session/cookies.ts';
import { isSocialProvider } from './config.ts';
import { SocialLinkFailed, type SocialService, STATE_TTL_MS } from './service.ts';

/** Binds a started sign-in to the browser that started it; only these two paths see it. */
export const BINDING_COOKIE = 'oauth_binding';
const COOKIE_PATH = '/wps/session/oauth';
const PER_IP_PER_MINUTE = 30;
/** As the Merchant header is checked (platform/http.ts). */
const MERCHANT_CODE = /^[A-Za-z0-9_-]{1,32}$/;

/**
 * The two browser navigations of social sign-in. They are not in the contract's `routes` and do
 * not go through registerRoute: a navigation sends no Merchant header and must never show JSON,
 * so every answer is a 302 (see `redirectRoutes` in the contract).
 */
export function socialRoutes(
  app: FastifyInstance,
  store: MerchantStore,
  social: SocialService,
  limiter: RateLimiter,
): void {
  const { socialStart, socialCallback } = redirectRoutes;

  app.get(socialStart.path, async (req, reply) => {
    noStore(reply);
    try {
      const ip = normaliseIp(req.ip);
      await enforceLimit(limiter, `ip:GET${socialStart.path}:${ip}`, PER_IP_PER_MINUTE, MINUTE_MS);
      const provider = (req.params as { provider?: string }).provider;
      if (!isSocialProvider(provider)) throw new AppError('social.provider.disabled');
      const parsed = socialStartQuerySchema.safeParse(req.query ?? {});
      if (!parsed.success) throw new AppError('request.invalid');
      const query = parsed.data;
      const merchant = await merchantOf(req, store, query.merchant);
      const { location, binding } = await social.start({
        merchant,
        provider,
        returnTo: query.returnTo,
        site: query.site,
        language: query.language,
        protocol: req.protocol,
        host: req.host,
        log: req.log,
      });
      setBindingCookie(req, reply, binding, STATE_TTL_MS);
      return reply.redirect(location, 302);
    } catch (e) {
      return failed(req, reply, e);
    }
  });

  app.get(socialCallback.path, async (req, reply) => {
    noStore(reply);
    const binding = readCookie(req, BINDING_COOKIE);
    // The attempt is over whatever happens: the cookie goes with it.
    if (binding) setBindingCookie(req, reply, '', 0);
    try {
      const ip = normaliseIp(req.ip);
      await enforceLimit(limiter, `ip:GET${socialCallback.path}:${ip}`, PER_IP_PER_MINUTE, MINUTE_MS);
      const provider = (req.params as { provider?: string }).provider;
      if (!isSocialProvider(provider)) throw new AppError('social.provider.disabled');
      const parsed = socialCallbackQuerySchema.safeParse(req.query ?? {});
      if (!parsed.success) throw new AppError('social.state.invalid');
      const q = req.url.indexOf('?');
      const { location } = await social.callback({
        provider,
        query: parsed.data,
        rawQuery: q < 0 ? '' : req.url.slice(q + 1),
        binding,
        ip,
        log: req.log,
      });
      return reply.redirect(location, 302);
    } catch (e) {
      return failed(req, reply, e);
    }
  });
}

/** The merchant from the `merchant` parameter (checked like the header), else the header. */
async function merchantOf(
  req: FastifyRequest,
  store: MerchantStore,
  code: string | undefined,
): Promise<MerchantState> {
  if (code === undefined) return resolveMerchant(req, store);
  const trimmed = code.trim();
  if (!trimmed) throw new AppError('merchant.required');
  const header = req.headers[HEADER.merchant];
  if (typeof header === 'string' && header.trim() && header.trim() !== trimmed) {
    throw new AppError('function.not.available');
  }
  if (!MERCHANT_CODE.test(trimmed)) throw new AppError('merchant.unknown');
  const merchant = await store.get(trimmed);
  if (!merchant) throw new AppError('merchant.unknown');
  return merchant;
}

function noStore(reply: FastifyReply) {
  reply.header('cache-control', 'no-store');
}

/** A browser must not be shown JSON: every failure lands on the home page with its code. */
function failed(req: FastifyRequest, reply: FastifyReply, e: unknown) {
  let code: string;
  if (e instanceof AppError) {
    code = e.code;
  } else {
    req.log.error({ err: e }, 'social sign-in failed');
    code = 'system.error';
  }
  // A failed link goes back to the member's page that started it; anything else to the home page.
  const page = e instanceof SocialLinkFailed ? e.returnTo : '/';
  const sep = page.includes('?') ? '&' : '?';
  return reply.redirect(`${page}${sep}${SOCIAL_RESULT_PARAMS.error}=${encodeURIComponent(code)}`, 302);
}

export function setBindingCookie(req: FastifyRequest, reply: FastifyReply, value: string, maxAgeMs: number) {
  const attrs = [
    `${BINDING_COOKIE}=${value}`,
    `Path=${COOKIE_PATH}`,
    `Max-Age=${Math.floor(maxAgeMs / 1000)}`,
    'HttpOnly',
    'SameSite=Lax',
  ];
  if (req.protocol === 'https') attrs.push('Secure');
  reply.header('set-cookie', attrs.join('; '));
}
