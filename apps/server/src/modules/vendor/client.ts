import { moneyTextSchema } from '@aurum/contract';
import { z } from 'zod';
import { type Clock, SECOND_MS, systemClock } from '../../platform/clock.ts';
import type { SeamlessHandler } from './handler.ts';
import {
  type AuthenticateRequest,
  type BalanceRequest,
  type CreditRequest,
  type CreditsRequest,
  type DebitRequest,
  PENDING_REVIEW,
  type Refusal,
  type RollbackRequest,
  SEAMLESS_CODES,
  SEAMLESS_PREFIX,
  type SeamlessCall,
  type SeamlessReplies,
  type SeamlessRequests,
  type SettleRequest,
} from './protocol.ts';
import { signedHeaders } from './signature.ts';

/** How a signed call reaches the platform: its raw JSON body and headers in, status and JSON out. */
export interface SeamlessTransport {
  send(call: SeamlessCall, rawBody: string, headers: Record<string, string>): Promise<TransportAnswer>;
}
export interface TransportAnswer {
  status: number;
  body: unknown;
}

/** The client gave up: the platform did not answer, or answered something that is not the protocol. */
export class SeamlessTransportError extends Error {}

/** An HTTP call of a seamless call taking longer than this is abandoned (and may be retried). */
export const HTTP_TIMEOUT_MS = 10 * SECOND_MS;

/** Calls the platform over HTTP at baseUrl (e.g. `https://site.example`). */
export function httpTransport(baseUrl: string, timeoutMs = HTTP_TIMEOUT_MS): SeamlessTransport {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    async send(call, rawBody, headers) {
      let res: Response;
      try {
        res = await fetch(`${base}${SEAMLESS_PREFIX}/${call}`, {
          method: 'POST',
          headers,
          body: rawBody,
          redirect: 'manual',
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (e) {
        throw new SeamlessTransportError(`the platform did not answer: ${(e as Error).message}`);
      }
      const text = await res.text();
      try {
        return { status: res.status, body: JSON.parse(text) };
      } catch {
        throw new SeamlessTransportError(`the platform answered ${res.status} without JSON`);
      }
    },
  };
}

/**
 * Hands the call to the platform's handler in this process: the same raw body, headers and
 * signature check as over HTTP, without the network (the in-house vendor's path).
 */
export function inProcessTransport(handler: SeamlessHandler): SeamlessTransport {
  return {
    async send(call, rawBody, headers) {
      const { status, reply } = await handler.handle(call, rawBody, headers);
      return { status, body: reply };
    },
  };
}

const ok = z.literal('OK');
const roundReplySchema = z.object({
  code: ok,
  balance: moneyTextSchema,
  txId: z.string(),
  roundId: z.string(),
  orderNo: z.string(),
  replayed: z.boolean(),
  status: z.literal(PENDING_REVIEW).optional(),
});
const refusalSchema: z.ZodType<Refusal> = z.object({
  code: z.enum(SEAMLESS_CODES).exclude(['OK']),
  message: z.string(),
  balance: moneyTextSchema.optional(),
});
const replySchemas: { [C in SeamlessCall]: z.ZodType<SeamlessReplies[C]> } = {
  authenticate: z.object({
    code: ok,
    playerId: z.string(),
    sessionToken: z.string(),
    currency: z.string(),
    balance: moneyTextSchema,
    mode: z.enum(['real', 'play']),
    gameCode: z.string(),
    language: z.string(),
  }),
  balance: z.object({ code: ok, balance: moneyTextSchema, currency: z.string() }),
  debit: roundReplySchema,
  credit: roundReplySchema,
  credits: z.object({ code: ok, results: z.array(z.union([roundReplySchema, refusalSchema])) }),
  settle: roundReplySchema,
  rollback: z.object({ code: ok, balance: moneyTextSchema, txId: z.string(), replayed: z.boolean() }),
};

export interface VendorClientOptions {
  merchant: string;
  /** The vendor's code (vassalage). */
  vendor: string;
  secret: string;
  transport: SeamlessTransport;
  /** Where the X-Timestamp comes from (tests share the platform's clock). */
  clock?: Clock;
}

/**
 * A vendor's side of the protocol: signs each call and reads the answer. Business outcomes are
 * answers, not exceptions: a call resolves to its OK reply or to a refusal ({ code, message });
 * only a transport failure or an answer outside the protocol throws SeamlessTransportError.
 */
export class VendorClient {
  private readonly clock: Clock;

  constructor(private readonly options: VendorClientOptions) {
    this.clock = options.clock ?? systemClock;
  }

  get vendor(): string {
    return this.options.vendor;
  }

  authenticate(body: AuthenticateRequest) {
    return this.call('authenticate', body);
  }
  balance(body: BalanceRequest) {
    return this.call('balance', body);
  }
  debit(body: DebitRequest) {
    return this.call('debit', body);
  }
  credit(body: CreditRequest) {
    return this.call('credit', body);
  }
  /** Many credits in one call: each answered as `credit` would answer it, in order. */
  credits(body: CreditsRequest) {
    return this.call('credits', body);
  }
  rollback(body: RollbackRequest) {
    return this.call('rollback', body);
  }
  settle(body: SettleRequest) {
    return this.call('settle', body);
  }

  async call<C extends SeamlessCall>(
    call: C,
    body: SeamlessRequests[C],
  ): Promise<SeamlessReplies[C] | Refusal> {
    const { merchant, vendor, secret, transport } = this.options;
    const rawBody = JSON.stringify(body);
    const headers = signedHeaders({ merchant, vendor, secret, nowMs: this.clock.now(), rawBody });
    const answer = await transport.send(call, rawBody, headers);
    const code = (answer.body as { code?: unknown } | null)?.code;
    const parsed =
      code === 'OK' ? replySchemas[call].safeParse(answer.body) : refusalSchema.safeParse(answer.body);
    if (!parsed.success) {
      throw new SeamlessTransportError(`the ${call} answer (${answer.status}) is not the protocol's`);
    }
    return parsed.data;
  }
}

/** True for an OK reply (narrows a call's result). */
export const isOk = <T extends { code: 'OK' }>(reply: T | Refusal): reply is T => reply.code === 'OK';
