import { AVATAR_BODY_LIMIT_BYTES, routes } from '@aurum/contract';
import type { FastifyInstance } from 'fastify';
import { MINUTE_MS } from '../../../platform/clock.ts';
import { AppError } from '../../../platform/errors.ts';
import { registerRoute, signedIn } from '../../../platform/http.ts';
import type { MerchantStore } from '../../../platform/merchants.ts';
import { AVATAR_PATH, type ProfileService } from './profile.ts';

const limit = (limit: number, minutes = 1) => ({ perIp: { limit, windowMs: minutes * MINUTE_MS } });

/** A year: an avatar file's name is new for every upload, so a file never changes. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The profile calls (GET/POST /wps/member/info/profile), the avatar calls of spec §7
 * (/wps/member/info/icon, PROFPIC3) and the avatar files themselves.
 */
export function profileRoutes(app: FastifyInstance, store: MerchantStore, profile: ProfileService): void {
  registerRoute(
    app,
    store,
    routes.memberProfile,
    (ctx) => profile.get(ctx.merchant, signedIn(ctx).member),
    limit(120),
  );
  registerRoute(
    app,
    store,
    routes.memberProfileUpdate,
    (ctx) => profile.update(ctx.merchant, signedIn(ctx).member, ctx.body),
    limit(30),
  );
  registerRoute(app, store, routes.memberIcon, (ctx) => profile.avatar(signedIn(ctx).member), limit(120));
  registerRoute(
    app,
    store,
    routes.memberIconUpload,
    (ctx) => profile.uploadAvatar(ctx.merchant, signedIn(ctx).member, ctx.body.image),
    { ...limit(10), bodyLimit: AVATAR_BODY_LIMIT_BYTES },
  );
  registerRoute(
    app,
    store,
    routes.memberIconDelete,
    (ctx) => profile.removeAvatar(signedIn(ctx).member),
    limit(30),
  );

  // The avatar files: an <img> sends no token nor Merchant header, so the unguessable file name
  // (a digest of random salt and content, new for every upload) is the only way in.
  app.get<{ Params: { name: string } }>(`${AVATAR_PATH}/:name`, async (req, reply) => {
    const file = await profile.file(req.params.name);
    if (!file) throw new AppError('route.not.found');
    return reply
      .type(file.mime)
      .header('cache-control', IMMUTABLE)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'")
      .header('cross-origin-resource-policy', 'same-origin')
      .send(file.bytes);
  });
}
