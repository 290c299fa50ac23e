import type { FastifyError, FastifyInstance } from 'fastify';
import type { UntrustedCallGate } from './failure-gate.ts';
import { refusalReply, type SeamlessHandler } from './handler.ts';
import { MAX_BODY_BYTES, SEAMLESS_CALLS, SEAMLESS_PREFIX, SEAMLESS_STATUS } from './protocol.ts';

/**
 * POST /seamless/v1/<call>: the vendors' callbacks. Not a client call (no session, signed by
 * the vendor instead), so not in the contract. The signature covers the raw bytes, so this
 * scope keeps JSON bodies unparsed, and answers in the protocol's shape even when fastify
 * refuses a request (too large, not JSON). An address whose calls keep failing the signature
 * check is turned away for a while (RATE_LIMITED) before its calls are read at all.
 */
export function seamlessRoutes(
  app: FastifyInstance,
  handler: SeamlessHandler,
  gate: UntrustedCallGate,
): void {
  app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: MAX_BODY_BYTES },
      (_req, body, done) => done(null, body),
    );
    scope.setErrorHandler((error: FastifyError, req, reply) => {
      const answer =
        error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? { ...refusalReply('INVALID_REQUEST', 'The body is too large.'), status: 413 }
          : error.code?.startsWith('FST_ERR_CTP') || (error.statusCode ?? 500) < 500
            ? refusalReply('INVALID_REQUEST', 'The body must be JSON.')
            : refusalReply('INTERNAL_ERROR', 'The platform could not complete the call; retry it.');
      if (answer.status >= 500) req.log.error({ err: error }, 'seamless route failed');
      reply.status(answer.status).header('cache-control', 'no-store').send(answer.reply);
    });
    for (const call of SEAMLESS_CALLS) {
      scope.post(`${SEAMLESS_PREFIX}/${call}`, async (req, reply) => {
        const waitMs = gate.waitFor(req.ip);
        if (waitMs > 0) {
          const answer = refusalReply('RATE_LIMITED', 'Too many calls that could not be trusted; wait.');
          return reply
            .status(answer.status)
            .header('cache-control', 'no-store')
            .header('retry-after', String(Math.ceil(waitMs / 1000)))
            .send(answer.reply);
        }
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const answer = await handler.handle(call, raw, req.headers);
        if (answer.status === SEAMLESS_STATUS.INVALID_SIGNATURE) gate.refused(req.ip);
        return reply.status(answer.status).header('cache-control', 'no-store').send(answer.reply);
      });
    }
  });
}
