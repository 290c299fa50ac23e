import type { z } from 'zod';
import type { Clock } from '../../platform/clock.ts';
import type { MerchantStore } from '../../platform/merchants.ts';
import type { VendorCredentials } from './credentials.ts';
import {
  authenticateSchema,
  balanceSchema,
  creditSchema,
  creditsSchema,
  debitSchema,
  isSeamlessCall,
  type Refusal,
  rollbackSchema,
  SEAMLESS_HEADER,
  SEAMLESS_STATUS,
  type SeamlessCall,
  SeamlessRefusal,
  type SeamlessReply,
  settleSchema,
} from './protocol.ts';
import { type HeaderBag, headerOf, verifySeamlessSignature } from './signature.ts';
import type { Caller, SeamlessWallet } from './wallet.ts';

/** An answer: the HTTP status and the JSON body. */
export interface SeamlessResponse {
  status: number;
  reply: SeamlessReply;
}

export interface SeamlessHandlerDeps {
  store: MerchantStore;
  credentials: VendorCredentials;
  wallet: SeamlessWallet;
  clock: Clock;
  log: { error(obj: object, msg: string): void };
}

const MERCHANT_CODE = /^[A-Za-z0-9_-]{1,32}$/;
const VASSALAGE = /^[A-Z0-9_]{1,16}$/;

const refuse = (refusal: SeamlessRefusal): SeamlessResponse => ({
  status: SEAMLESS_STATUS[refusal.code],
  reply: refusal.toReply(),
});

/**
 * One entry for every seamless-wallet call, whether it came over HTTP (routes.ts) or from an
 * in-process client (client.ts): the caller is identified (a vendor the merchant lists, with a
 * secret), the signature over the raw bytes and its timestamp are checked, the body is parsed
 * and validated, and only then does the wallet see it. Refusals are answers; anything else is
 * logged and answered INTERNAL_ERROR (safe to retry: every money call is idempotent).
 */
export class SeamlessHandler {
  constructor(private readonly deps: SeamlessHandlerDeps) {}

  async handle(call: string, rawBody: Buffer | string, headers: HeaderBag): Promise<SeamlessResponse> {
    try {
      if (!isSeamlessCall(call)) throw new SeamlessRefusal('INVALID_REQUEST', 'There is no such call.');
      // The in-process transport's body stays the string it was signed as: the same bytes.
      const caller = await this.trust(rawBody, headers);
      return { status: 200, reply: await this.dispatch(call, caller, parseBody(rawBody)) };
    } catch (e) {
      if (e instanceof SeamlessRefusal) return refuse(e);
      this.deps.log.error({ err: e, call }, 'seamless call failed');
      return refuse(
        new SeamlessRefusal('INTERNAL_ERROR', 'The platform could not complete the call; retry it.'),
      );
    }
  }

  private dispatch(call: SeamlessCall, caller: Caller, body: unknown): Promise<SeamlessReply> {
    const wallet = this.deps.wallet;
    switch (call) {
      case 'authenticate':
        return wallet.authenticate(caller, valid(authenticateSchema, body));
      case 'balance':
        return wallet.balance(caller, valid(balanceSchema, body));
      case 'debit':
        return wallet.debit(caller, valid(debitSchema, body));
      case 'credit':
        return wallet.credit(caller, valid(creditSchema, body));
      case 'credits':
        return wallet.credits(caller, valid(creditsSchema, body));
      case 'rollback':
        return wallet.rollback(caller, valid(rollbackSchema, body));
      case 'settle':
        return wallet.settle(caller, valid(settleSchema, body));
    }
  }

  /** The merchant and vendor of a correctly signed, fresh call. */
  private async trust(raw: Buffer | string, headers: HeaderBag): Promise<Caller> {
    const vendor = headerOf(headers, SEAMLESS_HEADER.vendor);
    const code = headerOf(headers, SEAMLESS_HEADER.merchant);
    const merchant = code && MERCHANT_CODE.test(code) ? await this.deps.store.get(code) : null;
    const secret =
      merchant && vendor && VASSALAGE.test(vendor)
        ? await this.deps.credentials.secretFor(merchant, vendor)
        : null;
    if (!merchant || !vendor || secret === null) {
      throw new SeamlessRefusal('VENDOR_UNKNOWN', 'The vendor is not known to this merchant.');
    }
    verifySeamlessSignature(secret, headers, raw, this.deps.clock.now());
    return { merchant, vendor };
  }
}

/** The body as the call's schema reads it; INVALID_REQUEST names the first problem. */
function valid<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue?.path.join('.') || 'body';
  throw new SeamlessRefusal('INVALID_REQUEST', `${where}: ${issue?.message ?? 'not valid'}`);
}

function parseBody(raw: Buffer | string): unknown {
  try {
    return JSON.parse(typeof raw === 'string' ? raw : raw.toString('utf8'));
  } catch {
    throw new SeamlessRefusal('INVALID_REQUEST', 'The body is not JSON.');
  }
}

/** A refusal's body, for the routes' own error handler (unreadable or oversized requests). */
export const refusalReply = (code: Refusal['code'], message: string): SeamlessResponse =>
  refuse(new SeamlessRefusal(code, message));
