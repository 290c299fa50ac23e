import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { minorToDecimal, parseMoney } from '@aurum/contract';
import { and, eq, gt, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import { gatewaySecrets, type SandboxPaymentRow, sandboxPayments } from '../../db/schema.ts';
import { type Clock, HOUR_MS, SECOND_MS } from '../../platform/clock.ts';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { Job } from '../../platform/jobs.ts';
import {
  type CreatedPayment,
  type CreatePaymentRequest,
  type PaymentEvent,
  type PaymentGateway,
  signedWebhookHeaders,
  verifyWebhookSignature,
} from './gateway.ts';

/**
 * The sandbox payment gateway that ships with the product. It behaves as an outside gateway
 * would, only in-process under its own path (/sandbox-pay/): it keeps its own payments, shows
 * the payer a hosted page to approve or decline, and tells our side over real HTTP with a
 * signed webhook, again and again until our side answers 2xx. It moves no real money: a
 * merchant that takes real money must not offer a sandbox channel.
 */

export const SANDBOX_GATEWAY = 'sandbox';
export const SANDBOX_PREFIX = '/sandbox-pay';

/** One POST of a webhook; production sends it over HTTP, tests may hand it to `inject`. */
export interface WebhookRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}
export type WebhookTransport = (req: WebhookRequest) => Promise<{ status: number }>;

const NOTIFY_TIMEOUT_MS = 10 * SECOND_MS;
/** Deliveries of one webhook, the first included; then the payment waits for an operator. */
export const MAX_NOTIFY_ATTEMPTS = 8;
const FIRST_RETRY_MS = 30 * SECOND_MS;
const MAX_RETRY_MS = HOUR_MS;
/** How long a claimed delivery is left to its process before another may try it. */
const CLAIM_MS = 2 * NOTIFY_TIMEOUT_MS;
const REDELIVERY_BATCH = 20;

/** The wait before delivery `attempt + 1`: 30 s, doubling, at most an hour. */
export const retryDelayMs = (attempt: number) => Math.min(FIRST_RETRY_MS * 2 ** (attempt - 1), MAX_RETRY_MS);

/** A real HTTP POST with a timeout; redirects are not followed (a webhook URL is exact). */
export const httpTransport: WebhookTransport = async ({ url, headers, body }) => {
  const res = await fetch(url, {
    method: 'POST',
    headers,
    body,
    redirect: 'manual',
    signal: AbortSignal.timeout(NOTIFY_TIMEOUT_MS),
  });
  await res.body?.cancel();
  return { status: res.status };
};

/** What the sandbox's webhook carries. */
const webhookBodySchema = z.strictObject({
  paymentId: z.string().min(1).max(64),
  merchant: z.string().min(1).max(32),
  orderNo: z.string().min(1).max(40),
  txnId: z.string().min(1).max(64),
  status: z.enum(['APPROVED', 'DECLINED']),
  amount: z.string().max(32),
  currency: z.string().length(3),
  decidedAt: z.number().int(),
});
export type SandboxWebhookBody = z.infer<typeof webhookBodySchema>;

export interface SandboxDeps {
  database: Database;
  clock: Clock;
  transport: WebhookTransport;
  /** SANDBOX_PAY_SECRET; without it the secret is generated once and kept in the database. */
  secret?: string | undefined;
  /** PUBLIC_URL: the payment page's origin; without it the page's address is a path. */
  publicUrl?: string | undefined;
  log: { warn(obj: object, msg: string): void };
}

export type Decision = 'APPROVED' | 'DECLINED';

export class SandboxGateway implements PaymentGateway {
  readonly name = SANDBOX_GATEWAY;
  private secretLoad: Promise<string> | null = null;

  constructor(private readonly deps: SandboxDeps) {}

  /** The webhook secret (shared by every process through the database). */
  secret(): Promise<string> {
    this.secretLoad ??= this.loadSecret().catch((e: unknown) => {
      this.secretLoad = null;
      throw e;
    });
    return this.secretLoad;
  }

  private async loadSecret(): Promise<string> {
    if (this.deps.secret) return this.deps.secret;
    const { db } = this.deps.database;
    // Whichever process comes first makes it; the others read the one that was kept.
    await db
      .insert(gatewaySecrets)
      .values({ gateway: SANDBOX_GATEWAY, secret: randomBytes(32).toString('base64url') })
      .onConflictDoNothing();
    const [row] = await db.select().from(gatewaySecrets).where(eq(gatewaySecrets.gateway, SANDBOX_GATEWAY));
    if (!row) throw new Error('the sandbox secret was not kept');
    return row.secret;
  }

  async createPayment(req: CreatePaymentRequest): Promise<CreatedPayment> {
    const { db } = this.deps.database;
    await db
      .insert(sandboxPayments)
      .values({
        id: `sp_${randomBytes(18).toString('base64url')}`,
        merchantCode: req.merchant,
        orderNo: req.orderNo,
        merchantName: req.merchantName,
        amount: req.amountMinor,
        currency: req.currency,
        notifyUrl: req.notifyUrl,
        returnUrl: req.returnUrl,
        createdAt: new Date(this.deps.clock.now()),
        expiresAt: new Date(req.expiresAt),
      })
      .onConflictDoNothing({ target: [sandboxPayments.merchantCode, sandboxPayments.orderNo] });
    // An order asked for twice gets its first payment again.
    const [payment] = await db
      .select()
      .from(sandboxPayments)
      .where(and(eq(sandboxPayments.merchantCode, req.merchant), eq(sandboxPayments.orderNo, req.orderNo)));
    if (!payment) throw new Error('the sandbox payment was not kept');
    return {
      paymentRef: payment.id,
      payUrl: `${this.deps.publicUrl ?? ''}${SANDBOX_PREFIX}/pay/${payment.id}`,
    };
  }

  async parseWebhook(rawBody: Buffer, headers: IncomingHttpHeaders, nowMs: number): Promise<PaymentEvent> {
    verifyWebhookSignature(await this.secret(), headers, rawBody, nowMs);
    let json: unknown;
    try {
      json = JSON.parse(rawBody.toString('utf8'));
    } catch {
      throw new AppError('request.invalid', 'The webhook body is not JSON.');
    }
    const body = webhookBodySchema.safeParse(json);
    const amountMinor = body.success ? parseMoney(body.data.amount) : null;
    if (!body.success || amountMinor === null || amountMinor <= 0n) {
      throw new AppError('request.invalid', 'The webhook body is not a sandbox payment.');
    }
    const { merchant, orderNo, txnId, status, currency } = body.data;
    return {
      merchant,
      orderNo,
      txnId,
      outcome: status === 'APPROVED' ? 'PAID' : 'DECLINED',
      amountMinor,
      currency,
    };
  }

  // -------------------------------------------------------------------------------------------
  // The gateway's own side: the hosted page and the webhook it sends.

  async payment(id: string): Promise<SandboxPaymentRow | null> {
    const [row] = await this.deps.database.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.id, id));
    return row ?? null;
  }

  /**
   * The payer's answer. Only a pending payment that has not expired takes one (a second click
   * finds it decided and changes nothing); the webhook goes out at once, and again later
   * (redeliveryJob) until our side takes it. Null when there is no such payment.
   */
  async decide(id: string, decision: Decision): Promise<SandboxPaymentRow | null> {
    const now = this.deps.clock.now();
    const [decided] = await this.deps.database.db
      .update(sandboxPayments)
      .set({
        status: decision,
        txnId: `SBX${randomBytes(12).toString('hex').toUpperCase()}`,
        decidedAt: new Date(now),
        notifyAttempts: 1,
        nextNotifyAt: new Date(now + CLAIM_MS),
      })
      .where(
        and(
          eq(sandboxPayments.id, id),
          eq(sandboxPayments.status, 'PENDING'),
          gt(sandboxPayments.expiresAt, new Date(now)),
        ),
      )
      .returning();
    if (!decided) return this.payment(id);
    await this.notify(decided);
    return (await this.payment(id)) ?? decided;
  }

  /** The webhook body of a decided payment. */
  webhookBody(payment: SandboxPaymentRow): SandboxWebhookBody {
    if (payment.status === 'PENDING' || !payment.txnId || !payment.decidedAt) {
      throw new Error(`payment ${payment.id} is not decided`);
    }
    return {
      paymentId: payment.id,
      merchant: payment.merchantCode,
      orderNo: payment.orderNo,
      txnId: payment.txnId,
      status: payment.status,
      amount: minorToDecimal(payment.amount),
      currency: payment.currency,
      decidedAt: payment.decidedAt.getTime(),
    };
  }

  /** One delivery: signed now, recorded whatever the answer (a failure is retried later). */
  private async notify(payment: SandboxPaymentRow): Promise<void> {
    const body = JSON.stringify(this.webhookBody(payment));
    const headers = signedWebhookHeaders(await this.secret(), this.deps.clock.now(), body);
    let status: number | null = null;
    try {
      status = (await this.deps.transport({ url: payment.notifyUrl, headers, body })).status;
    } catch (e) {
      this.deps.log.warn({ payment: payment.id, err: e }, 'sandbox webhook not delivered');
    }
    const now = this.deps.clock.now();
    const delivered = status !== null && status >= 200 && status < 300;
    if (!delivered && status !== null) {
      this.deps.log.warn({ payment: payment.id, status }, 'sandbox webhook refused');
    }
    const last = payment.notifyAttempts >= MAX_NOTIFY_ATTEMPTS;
    await this.deps.database.db
      .update(sandboxPayments)
      .set({
        lastNotifyStatus: status,
        notifiedAt: delivered ? new Date(now) : null,
        nextNotifyAt: delivered || last ? null : new Date(now + retryDelayMs(payment.notifyAttempts)),
      })
      .where(eq(sandboxPayments.id, payment.id));
  }

  /**
   * Sends again the webhooks our side has not taken yet. Each process claims its deliveries
   * (rows another holds are skipped) and moves their next time on before sending, so two
   * processes do not send one delivery together; a duplicate would be harmless anyway.
   */
  redeliveryJob(): Job {
    return {
      name: 'sandbox-pay-redelivery',
      everyMs: FIRST_RETRY_MS,
      run: async (now) => {
        const { db } = this.deps.database;
        const due = db
          .select({ id: sandboxPayments.id })
          .from(sandboxPayments)
          .where(
            and(
              isNull(sandboxPayments.notifiedAt),
              lte(sandboxPayments.nextNotifyAt, new Date(now)),
              lt(sandboxPayments.notifyAttempts, MAX_NOTIFY_ATTEMPTS),
            ),
          )
          .orderBy(sandboxPayments.nextNotifyAt)
          .limit(REDELIVERY_BATCH)
          .for('update', { skipLocked: true });
        const claimed = await db
          .update(sandboxPayments)
          .set({
            notifyAttempts: sql`${sandboxPayments.notifyAttempts} + 1`,
            nextNotifyAt: new Date(now + CLAIM_MS),
          })
          .where(and(inArray(sandboxPayments.id, due), isNull(sandboxPayments.notifiedAt)))
          .returning();
        for (const payment of claimed) await this.notify(payment);
        return claimed.length;
      },
    };
  }
}
