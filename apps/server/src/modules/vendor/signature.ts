import { createHmac } from 'node:crypto';
import { MINUTE_MS } from '../../platform/clock.ts';
import { sameHex } from '../../platform/crypto.ts';
import { SEAMLESS_HEADER, SeamlessRefusal } from './protocol.ts';

/** A call signed longer ago than this, or this far in the future, is refused (replays, clocks). */
export const SIGNATURE_SKEW_MS = 5 * MINUTE_MS;

const TIMESTAMP = /^\d{1,15}$/;
const SIGNATURE = /^[0-9a-fA-F]{64}$/;

/** hex(HMAC-SHA256(secret, "<timestamp>.<raw body>")): the X-Signature of a call. */
export function seamlessSignature(secret: string, timestamp: string, rawBody: string | Buffer): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
}

export interface SigningInput {
  merchant: string;
  vendor: string;
  secret: string;
  /** Epoch milliseconds of the call. */
  nowMs: number;
  rawBody: string;
}

/** The four headers a vendor sends with a call (plus the JSON content type). */
export function signedHeaders(input: SigningInput): Record<string, string> {
  const timestamp = String(Math.floor(input.nowMs));
  return {
    'content-type': 'application/json',
    [SEAMLESS_HEADER.vendor]: input.vendor,
    [SEAMLESS_HEADER.merchant]: input.merchant,
    [SEAMLESS_HEADER.timestamp]: timestamp,
    [SEAMLESS_HEADER.signature]: seamlessSignature(input.secret, timestamp, input.rawBody),
  };
}

/** Headers as Node hands them over: lower-case names, a repeated header as an array. */
export type HeaderBag = Record<string, string | string[] | undefined>;

/** One value of a header; a missing or repeated header is null. */
export const headerOf = (headers: HeaderBag, name: string): string | null => {
  const value = headers[name];
  return typeof value === 'string' ? value : null;
};

/**
 * Refuses (INVALID_SIGNATURE) a call whose timestamp is missing or outside the skew window, or
 * whose signature is not the HMAC of exactly these bytes. The comparison takes the same time
 * wherever the digests differ.
 */
export function verifySeamlessSignature(
  secret: string,
  headers: HeaderBag,
  rawBody: Buffer | string,
  nowMs: number,
) {
  const timestamp = headerOf(headers, SEAMLESS_HEADER.timestamp);
  const given = headerOf(headers, SEAMLESS_HEADER.signature);
  if (!timestamp || !TIMESTAMP.test(timestamp) || !given || !SIGNATURE.test(given)) {
    throw new SeamlessRefusal('INVALID_SIGNATURE', 'The call is not signed.');
  }
  if (Math.abs(nowMs - Number(timestamp)) > SIGNATURE_SKEW_MS) {
    throw new SeamlessRefusal('INVALID_SIGNATURE', 'The timestamp is outside the accepted window.');
  }
  if (!sameHex(seamlessSignature(secret, timestamp, rawBody), given.toLowerCase())) {
    throw new SeamlessRefusal('INVALID_SIGNATURE', 'The signature does not match.');
  }
}
