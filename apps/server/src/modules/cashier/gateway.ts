import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { MINUTE_MS } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';

/**
 * The adapter every payment gateway implements. Our side never knows more of a gateway than
 * this: it asks for a payment of an order (and sends the payer to the page it gets back), and
 * it hands the gateway's webhooks to it to check and read. The deposit rules (idempotency on the
 * gateway's transaction id, amount and order checks, crediting once, expiry) are ours and the
 * same for every gateway (deposit-webhook.ts).
 */
export interface PaymentGateway {
  /** The name channels use (`gateway` in config/cashier.json) and the webhook path ends with. */
  readonly name: string;
  /**
   * Creates (or, for an order it has seen, returns again) the payment of an order. Must be safe
   * to call again for the same order: a retried deposit request calls it again when the first
   * answer was lost.
   */
  createPayment(req: CreatePaymentRequest): Promise<CreatedPayment>;
  /**
   * Checks a webhook's signature and freshness against the raw body, then reads it. Throws
   * AppError('cashier.webhook.signature') when the webhook cannot be trusted and
   * AppError('request.invalid') when a trusted body cannot be read.
   */
  parseWebhook(rawBody: Buffer, headers: IncomingHttpHeaders, nowMs: number): Promise<PaymentEvent>;
}

export interface CreatePaymentRequest {
  merchant: string;
  /** Shown to the payer on the gateway's page. */
  merchantName: string;
  orderNo: string;
  amountMinor: bigint;
  currency: string;
  /** Epoch ms: the gateway should refuse payment after it. */
  expiresAt: number;
  /** Where the gateway POSTs its webhook. */
  notifyUrl: string;
  /** Where the gateway sends the payer's browser back to when done. */
  returnUrl: string;
}

export interface CreatedPayment {
  /** The gateway's id of the payment. */
  paymentRef: string;
  /** The page the payer's browser opens to pay. */
  payUrl: string;
}

/** What a trusted webhook says about one payment. */
export interface PaymentEvent {
  merchant: string;
  orderNo: string;
  /** The gateway's transaction id: one order is settled by it at most once. */
  txnId: string;
  outcome: 'PAID' | 'DECLINED';
  amountMinor: bigint;
  currency: string;
}

/** The gateways this server serves, by name. */
export class Gateways {
  private readonly byName = new Map<string, PaymentGateway>();

  add(gateway: PaymentGateway): void {
    if (this.byName.has(gateway.name)) throw new Error(`the gateway ${gateway.name} exists already`);
    this.byName.set(gateway.name, gateway);
  }

  get(name: string | null | undefined): PaymentGateway | null {
    return (name && this.byName.get(name)) || null;
  }
}

// ---------------------------------------------------------------------------------------------
// The signed-webhook scheme of docs/api.md ("Cashier: deposits and the sandbox gateway"), which
// the sandbox gateway uses and any gateway may adopt: an HMAC-SHA256 of the timestamp and the
// raw body, so a webhook cannot be forged, altered or replayed later.

export const WEBHOOK_TIMESTAMP_HEADER = 'x-webhook-timestamp';
export const WEBHOOK_SIGNATURE_HEADER = 'x-webhook-signature';
/** A webhook signed longer ago than this (or this far in the future) is refused. */
export const WEBHOOK_TOLERANCE_MS = 5 * MINUTE_MS;

const SIGNATURE = /^sha256=([0-9a-f]{64})$/;

/** `sha256=<hex of HMAC-SHA256(secret, "<timestamp>.<raw body>")>`; the timestamp in seconds. */
export function webhookSignature(secret: string, timestampSeconds: number, rawBody: string | Buffer): string {
  const mac = createHmac('sha256', secret).update(`${timestampSeconds}.`).update(rawBody).digest('hex');
  return `sha256=${mac}`;
}

/** The headers of a signed webhook sent at nowMs. */
export function signedWebhookHeaders(secret: string, nowMs: number, rawBody: string): Record<string, string> {
  const timestamp = Math.floor(nowMs / 1000);
  return {
    'content-type': 'application/json',
    [WEBHOOK_TIMESTAMP_HEADER]: String(timestamp),
    [WEBHOOK_SIGNATURE_HEADER]: webhookSignature(secret, timestamp, rawBody),
  };
}

const single = (value: string | string[] | undefined) => (typeof value === 'string' ? value : null);

/** Refuses (cashier.webhook.signature) a webhook that is unsigned, mis-signed or stale. */
export function verifyWebhookSignature(
  secret: string,
  headers: IncomingHttpHeaders,
  rawBody: Buffer,
  nowMs: number,
): void {
  const timestampText = single(headers[WEBHOOK_TIMESTAMP_HEADER]);
  const given = SIGNATURE.exec(single(headers[WEBHOOK_SIGNATURE_HEADER]) ?? '')?.[1];
  if (!timestampText || !/^\d{1,12}$/.test(timestampText) || !given) {
    throw new AppError('cashier.webhook.signature');
  }
  const timestamp = Number(timestampText);
  if (Math.abs(nowMs - timestamp * 1000) > WEBHOOK_TOLERANCE_MS) {
    throw new AppError('cashier.webhook.signature', 'The webhook timestamp is too old or in the future.');
  }
  const expected = Buffer.from(webhookSignature(secret, timestamp, rawBody).slice('sha256='.length), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(given, 'hex'))) throw new AppError('cashier.webhook.signature');
}
