import { errorCatalogue, type FailureEnvelope, HEADER, ok, type RouteDef } from '@aurum/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from './errors.ts';
import type { MerchantState, MerchantStore } from './merchants.ts';

export const API_PREFIXES = ['/wps/', '/lgw/'];
export const isApiPath = (url: string) => API_PREFIXES.some((p) => url.startsWith(p));

const MERCHANT_CODE = /^[A-Za-z0-9_-]{1,32}$/;

export interface RouteContext<Q, B> {
  req: FastifyRequest;
  reply: FastifyReply;
  merchant: MerchantState;
  query: Q;
  body: B;
}

/** The merchant a request is for, from exactly one well-formed, known Merchant header. */
export async function resolveMerchant(req: FastifyRequest, store: MerchantStore): Promise<MerchantState> {
  const raw = req.raw.rawHeaders;
  const values: string[] = [];
  for (let i = 0; i < raw.length; i += 2) {
    if (raw[i]?.toLowerCase() === HEADER.merchant) values.push(raw[i + 1] ?? '');
  }
  if (values.length === 0) throw new AppError('merchant.required');
  if (values.length > 1) throw new AppError('function.not.available');
  const code = values[0]!.trim();
  if (!code) throw new AppError('merchant.required');
  if (!MERCHANT_CODE.test(code)) throw new AppError('merchant.unknown');
  const merchant = await store.get(code);
  if (!merchant) throw new AppError('merchant.unknown');
  return merchant;
}

function issuesToDetails(error: z.ZodError): Record<string, string> {
  const details: Record<string, string> = {};
  for (const issue of error.issues) {
    const keys =
      issue.code === 'unrecognized_keys'
        ? issue.keys.map((k) => [...issue.path, k].join('.'))
        : [issue.path.join('.')];
    for (const key of keys)
      details[key || '(request)'] ??= issue.code === 'unrecognized_keys' ? 'unknown field' : issue.message;
  }
  return details;
}

/**
 * Registers one call of the contract: the merchant, the feature flag and the inputs are
 * checked here, so a handler only ever sees a known merchant and parsed input.
 */
export function registerRoute<Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
  app: FastifyInstance,
  store: MerchantStore,
  def: RouteDef<Q, B, R>,
  handler: (ctx: RouteContext<z.output<Q>, z.output<B>>) => Promise<z.input<R>> | z.input<R>,
): void {
  app.route({
    method: def.method,
    url: def.path,
    handler: async (req, reply) => {
      const merchant = await resolveMerchant(req, store);
      if (def.feature && !merchant.features.has(def.feature)) throw new AppError('feature.disabled');
      const query = def.query.safeParse(req.query ?? {});
      if (!query.success) throw new AppError('request.invalid', undefined, issuesToDetails(query.error));
      const body = def.body.safeParse(req.body ?? undefined);
      if (!body.success) throw new AppError('request.invalid', undefined, issuesToDetails(body.error));
      const value = await handler({ req, reply, merchant, query: query.data, body: body.data });
      return ok(value);
    },
  });
}

/** One error handler: business errors keep their code; anything unexpected is a bare 500. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, req, reply) => {
    let envelope: FailureEnvelope;
    let status: number;
    if (error instanceof AppError) {
      status = error.status;
      envelope = { success: false, errorCode: error.code, message: error.message };
      if (error.details) envelope.details = error.details;
    } else {
      const fe = error as FastifyError;
      const code = fe.code ?? '';
      const mapped =
        code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? 'payload.too.large'
          : code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || code === 'FST_ERR_CTP_INVALID_CONTENT_LENGTH'
            ? 'media.unsupported'
            : code.startsWith('FST_ERR_CTP') || fe instanceof SyntaxError
              ? 'request.malformed'
              : fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500
                ? 'request.invalid'
                : 'system.error';
      if (mapped === 'system.error') req.log.error({ err: error }, 'unhandled error');
      status = errorCatalogue[mapped].status;
      envelope = { success: false, errorCode: mapped, message: errorCatalogue[mapped].message };
    }
    reply.status(status).header('cache-control', 'no-store').send(envelope);
  });
}
