import { describe, expect, it } from 'vitest';
import { MINUTE_MS } from '../../platform/clock.ts';
import { SeamlessRefusal } from './protocol.ts';
import { seamlessSignature, signedHeaders, verifySeamlessSignature } from './signature.ts';

// The example of docs/seamless-wallet.md ("Signing example").
const SECRET = '3f6c0b0e9a1d4c2b8e7f6a5d4c3b2a1908f7e6d5c4b3a29180f7e6d5c4b3a291';
const NOW = 1_767_225_600_000;
const BODY =
  '{"sessionToken":"q3Jb0m2c8VYd4n1kT7sXfW5eA9hLzR6uPpGiOy0KjCw","txId":"bet-000123","roundId":"round-000045","amount":"2.50"}';

const refusalOf = (fn: () => void) => {
  try {
    fn();
  } catch (e) {
    if (e instanceof SeamlessRefusal) return e.code;
    throw e;
  }
  return null;
};

describe('seamless signatures', () => {
  it('signs as the documentation shows', () => {
    expect(seamlessSignature(SECRET, String(NOW), BODY)).toBe(
      '500c87824d09a94a9eaa811ae36a8dcdfbcbd9c58e0c16e9b12376f5da3d39a3',
    );
    expect(
      signedHeaders({ merchant: 'AURUM', vendor: 'AURX', secret: SECRET, nowMs: NOW, rawBody: BODY }),
    ).toEqual({
      'content-type': 'application/json',
      'x-vendor': 'AURX',
      merchant: 'AURUM',
      'x-timestamp': String(NOW),
      'x-signature': '500c87824d09a94a9eaa811ae36a8dcdfbcbd9c58e0c16e9b12376f5da3d39a3',
    });
  });

  it('accepts its own signature within five minutes either way, in either hex case', () => {
    const headers = signedHeaders({
      merchant: 'AURUM',
      vendor: 'AURX',
      secret: SECRET,
      nowMs: NOW,
      rawBody: BODY,
    });
    const raw = Buffer.from(BODY);
    for (const at of [NOW, NOW + 5 * MINUTE_MS, NOW - 5 * MINUTE_MS]) {
      expect(refusalOf(() => verifySeamlessSignature(SECRET, headers, raw, at))).toBeNull();
    }
    const upper = { ...headers, 'x-signature': headers['x-signature']!.toUpperCase() };
    expect(refusalOf(() => verifySeamlessSignature(SECRET, upper, raw, NOW))).toBeNull();
  });

  it('refuses other secrets, other bytes, stale or missing timestamps and malformed signatures', () => {
    const headers = signedHeaders({
      merchant: 'AURUM',
      vendor: 'AURX',
      secret: SECRET,
      nowMs: NOW,
      rawBody: BODY,
    });
    const raw = Buffer.from(BODY);
    const refused = [
      () => verifySeamlessSignature('another secret', headers, raw, NOW),
      () => verifySeamlessSignature(SECRET, headers, Buffer.from(BODY.replace('2.50', '25.0')), NOW),
      () => verifySeamlessSignature(SECRET, headers, Buffer.from(`${BODY} `), NOW),
      () => verifySeamlessSignature(SECRET, headers, raw, NOW + 5 * MINUTE_MS + 1),
      () => verifySeamlessSignature(SECRET, headers, raw, NOW - 5 * MINUTE_MS - 1),
      () => verifySeamlessSignature(SECRET, { ...headers, 'x-timestamp': undefined }, raw, NOW),
      () =>
        verifySeamlessSignature(SECRET, { ...headers, 'x-timestamp': [String(NOW), String(NOW)] }, raw, NOW),
      () => verifySeamlessSignature(SECRET, { ...headers, 'x-timestamp': `${NOW}.5` }, raw, NOW),
      () =>
        verifySeamlessSignature(
          SECRET,
          { ...headers, 'x-signature': headers['x-signature']!.slice(2) },
          raw,
          NOW,
        ),
      () =>
        verifySeamlessSignature(
          SECRET,
          { ...headers, 'x-signature': `sha256=${headers['x-signature']}` },
          raw,
          NOW,
        ),
    ];
    for (const call of refused) expect(refusalOf(call)).toBe('INVALID_SIGNATURE');
  });
});
