import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hmacSha256, hmacSha256Keyed, Sha256, sha256, toHex, utf8Bytes } from './sha256.ts';

const hex = (s: string) => Uint8Array.from(Buffer.from(s, 'hex'));
const bytesOf = (length: number, seed: number) =>
  Uint8Array.from({ length }, (_, i) => (i * 31 + seed) & 0xff);

describe('sha256', () => {
  it('matches the FIPS 180-4 examples', () => {
    expect(toHex(sha256(utf8Bytes('')))).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
    expect(toHex(sha256(utf8Bytes('abc')))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect(toHex(sha256(utf8Bytes('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')))).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
  });

  it('agrees with node:crypto on every length across the padding boundaries', () => {
    for (let length = 0; length <= 200; length++) {
      const data = bytesOf(length, length);
      expect(toHex(sha256(data))).toBe(createHash('sha256').update(data).digest('hex'));
    }
  });

  it('gives the same digest however the input is split across updates', () => {
    const data = bytesOf(1000, 3);
    const whole = toHex(sha256(data));
    for (const step of [1, 7, 63, 64, 65, 333]) {
      const h = new Sha256();
      for (let i = 0; i < data.length; i += step) h.update(data.subarray(i, i + step));
      expect(toHex(h.digest())).toBe(whole);
    }
  });

  it('restarts from a copied state', () => {
    const base = new Sha256().update(utf8Bytes('prefix-'));
    const work = new Sha256();
    const a = work.copyFrom(base).update(utf8Bytes('a')).digest();
    const b = work.copyFrom(base).update(utf8Bytes('b')).digest();
    expect(toHex(a)).toBe(toHex(sha256(utf8Bytes('prefix-a'))));
    expect(toHex(b)).toBe(toHex(sha256(utf8Bytes('prefix-b'))));
  });
});

describe('hmacSha256', () => {
  // RFC 4231 test cases 1, 2, 3, 4, 6 and 7 (case 5 checks truncated output, which is not used).
  const cases: Array<[string, Uint8Array, Uint8Array, string]> = [
    [
      '1',
      hex('0b'.repeat(20)),
      utf8Bytes('Hi There'),
      'b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7',
    ],
    [
      '2',
      utf8Bytes('Jefe'),
      utf8Bytes('what do ya want for nothing?'),
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    ],
    [
      '3',
      hex('aa'.repeat(20)),
      hex('dd'.repeat(50)),
      '773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe',
    ],
    [
      '4',
      hex('0102030405060708090a0b0c0d0e0f10111213141516171819'),
      hex('cd'.repeat(50)),
      '82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b',
    ],
    [
      '6',
      hex('aa'.repeat(131)),
      utf8Bytes('Test Using Larger Than Block-Size Key - Hash Key First'),
      '60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54',
    ],
    [
      '7',
      hex('aa'.repeat(131)),
      utf8Bytes(
        'This is a test using a larger than block-size key and a larger than block-size data. The key needs to be hashed before being used by the HMAC algorithm.',
      ),
      '9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2',
    ],
  ];
  it.each(cases)('matches RFC 4231 test case %s', (_, key, message, expected) => {
    expect(toHex(hmacSha256(key, message))).toBe(expected);
  });

  it('agrees with node:crypto for keys and messages of many lengths', () => {
    for (const keyLength of [0, 1, 32, 63, 64, 65, 100]) {
      for (const messageLength of [0, 1, 55, 56, 64, 119, 300]) {
        const key = bytesOf(keyLength, 11);
        const message = bytesOf(messageLength, 5);
        expect(toHex(hmacSha256(key, message))).toBe(createHmac('sha256', key).update(message).digest('hex'));
      }
    }
  });

  it('gives the same MACs when one keyed instance is reused across messages of any length', () => {
    const key = bytesOf(64, 9);
    const mac = hmacSha256Keyed(key);
    const out = new Uint8Array(32);
    for (const length of [300, 3, 64, 0, 119, 56, 1]) {
      const message = bytesOf(length, length);
      const expected = createHmac('sha256', key).update(message).digest('hex');
      expect(toHex(mac(message))).toBe(expected);
      const padded = new Uint8Array(length + 10).fill(0xee);
      padded.set(message);
      expect(toHex(mac(padded, length, out))).toBe(expected);
    }
  });
});
