import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import { MINUTE_MS } from '../../platform/clock.ts';
import { normaliseIp } from '../../platform/geo.ts';
import { enforceLimit } from '../../platform/rate-limit.ts';
import { type Decision, SANDBOX_PREFIX, type SandboxGateway } from './sandbox-gateway.ts';
import {
  renderMissingPage,
  renderPaymentPage,
  SANDBOX_STYLESHEET,
  SANDBOX_STYLESHEET_PATH,
} from './sandbox-gateway-page.ts';

const PAYMENT_ID = /^sp_[A-Za-z0-9_-]{24}$/;
const DECISIONS: Record<string, Decision> = { approve: 'APPROVED', decline: 'DECLINED' };
/** Page views and answers per client address per minute. */
const PER_MINUTE = 60;

const html = (reply: FastifyReply, status: number, body: string) =>
  reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);

/**
 * The sandbox gateway's hosted page: GET shows the payment, POST …/approve or …/decline answers
 * it (the webhook goes out before the reply) and sends the payer back to the merchant's site.
 */
export function sandboxGatewayRoutes(app: FastifyInstance, sandbox: SandboxGateway, clock: Clock): void {
  const limit = async (ip: string, what: string) => {
    if (app.guards) {
      await enforceLimit(
        app.guards.limiter,
        `ip:sandbox-pay:${what}:${normaliseIp(ip)}`,
        PER_MINUTE,
        MINUTE_MS,
      );
    }
  };

  app.get(SANDBOX_STYLESHEET_PATH, async (_req, reply) =>
    reply
      .type('text/css; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(SANDBOX_STYLESHEET),
  );

  app.get<{ Params: { id: string } }>(`${SANDBOX_PREFIX}/pay/:id`, async (req, reply) => {
    await limit(req.ip, 'page');
    const payment = PAYMENT_ID.test(req.params.id) ? await sandbox.payment(req.params.id) : null;
    if (!payment) return html(reply, 404, renderMissingPage());
    return html(reply, 200, renderPaymentPage(payment, clock.now()));
  });

  app.post<{ Params: { id: string; decision: string } }>(
    `${SANDBOX_PREFIX}/pay/:id/:decision`,
    // The payment page's Approve and Decline buttons are HTML forms.
    { config: { acceptsForm: true } },
    async (req, reply) => {
      await limit(req.ip, 'decide');
      const decision = DECISIONS[req.params.decision];
      const payment =
        decision && PAYMENT_ID.test(req.params.id) ? await sandbox.decide(req.params.id, decision) : null;
      if (!payment) return html(reply, 404, renderMissingPage());
      // Expired before the payer answered: the page says so, with the way back.
      if (payment.status === 'PENDING') return html(reply, 409, renderPaymentPage(payment, clock.now()));
      return reply.header('cache-control', 'no-store').redirect(payment.returnUrl, 303);
    },
  );
}
