import type { FastifyInstance } from 'fastify';
import { DEMO_MERCHANT, type TestApp } from '../../testing/app.ts';
import { findById } from '../accounts/index.ts';
import { createFundedMembers } from '../wallet/testing.ts';
import { signedWebhookHeaders } from './gateway.ts';
import type { SandboxWebhookBody, WebhookTransport } from './sandbox-gateway.ts';

/** A webhook secret for tests that sign webhooks themselves (SANDBOX_PAY_SECRET). */
export const TEST_SANDBOX_SECRET = 'test-sandbox-secret-0123456789abcdef0123';

/**
 * Sends the sandbox gateway's webhooks into the app with `inject` instead of over the network.
 * The app is looked up when a webhook goes out (it does not exist yet when this is made).
 */
export function injectTransport(app: () => FastifyInstance | undefined): WebhookTransport {
  return async ({ url, headers, body }) => {
    const target = app();
    if (!target) throw new Error('no app to send the webhook to');
    const { pathname, search } = new URL(url, 'http://localhost');
    const res = await target.inject({ method: 'POST', url: `${pathname}${search}`, headers, payload: body });
    return { status: res.statusCode };
  };
}

/** Posts a webhook as the sandbox would, signed with `secret` at `nowMs`. */
export function postWebhook(
  app: FastifyInstance,
  body: SandboxWebhookBody | string,
  opts: { secret?: string; nowMs?: number; headers?: Record<string, string> } = {},
) {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const signed = signedWebhookHeaders(opts.secret ?? TEST_SANDBOX_SECRET, opts.nowMs ?? Date.now(), raw);
  return app.inject({
    method: 'POST',
    url: '/wps/cashier/webhook/sandbox',
    headers: { ...signed, ...opts.headers },
    payload: raw,
  });
}

export { pngDataUrl } from '../../testing/images.ts';

/** A new ordinary member of the demo merchant with a live session (no password, no sign-in). */
export async function newMemberSession(t: TestApp, opts: { type?: number } = {}) {
  const [id] = await createFundedMembers(t.db.database, t.app.ledger, {
    merchant: DEMO_MERCHANT,
    count: 1,
    type: opts.type ?? 0,
  });
  const merchant = await t.app.merchants.get(DEMO_MERCHANT);
  const member = id === undefined ? null : await findById(t.db.database.db, DEMO_MERCHANT, id);
  if (!merchant || !member) throw new Error('the test member was not made');
  const token = await t.app.accounts.sessions.start(merchant, member, { ip: '10.255.255.1' });
  return { id: member.id, account: member.account, token };
}
