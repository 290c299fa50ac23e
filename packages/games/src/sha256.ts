/**
 * SHA-256 and HMAC-SHA256 in plain TypeScript (FIPS 180-4, RFC 2104). The provably-fair
 * verifier recomputes rounds in the browser, where Web Crypto is asynchronous; a synchronous
 * implementation lets the server and the verifier run the very same derivation code.
 */

const K = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);

const INITIAL_STATE = new Int32Array([
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
]);

const BLOCK_BYTES = 64;
// Words are kept as signed 32-bit integers throughout: engines keep those in registers, where
// unsigned values above 2^31 would fall back to floating point.
const schedule = new Int32Array(64);

/** Folds one 64-byte block at `offset` of `bytes` into `state`. */
function compress(state: Int32Array, bytes: Uint8Array, offset: number): void {
  const w = schedule;
  for (let i = 0; i < 16; i++) {
    const o = offset + i * 4;
    w[i] = (bytes[o]! << 24) | (bytes[o + 1]! << 16) | (bytes[o + 2]! << 8) | bytes[o + 3]!;
  }
  for (let i = 16; i < 64; i++) {
    const x = w[i - 15]!;
    const y = w[i - 2]!;
    const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
    const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
    w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) | 0;
  }
  let a = state[0]!;
  let b = state[1]!;
  let c = state[2]!;
  let d = state[3]!;
  let e = state[4]!;
  let f = state[5]!;
  let g = state[6]!;
  let h = state[7]!;
  for (let i = 0; i < 64; i++) {
    const sigma1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const t1 = (h + sigma1 + ((e & f) ^ (~e & g)) + K[i]! + w[i]!) | 0;
    const sigma0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const t2 = (sigma0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  state[0] = state[0]! + a;
  state[1] = state[1]! + b;
  state[2] = state[2]! + c;
  state[3] = state[3]! + d;
  state[4] = state[4]! + e;
  state[5] = state[5]! + f;
  state[6] = state[6]! + g;
  state[7] = state[7]! + h;
}

/** Writes the low 32 bits of `word` big-endian at `offset`. */
function writeWord(bytes: Uint8Array, offset: number, word: number): void {
  bytes[offset] = word >>> 24;
  bytes[offset + 1] = word >>> 16;
  bytes[offset + 2] = word >>> 8;
  bytes[offset + 3] = word;
}

/**
 * Incremental SHA-256. `copyFrom` lets HMAC absorb its padded key once and restart from that
 * state for every message without allocating, which is what makes a fair word stream cheap.
 */
export class Sha256 {
  private readonly state = new Int32Array(INITIAL_STATE);
  private readonly buffer = new Uint8Array(BLOCK_BYTES);
  private buffered = 0;
  private totalBytes = 0;

  /** Absorbs bytes[0 .. end); returns this so calls chain. */
  update(bytes: Uint8Array, end = bytes.length): this {
    const buffer = this.buffer;
    let i = 0;
    this.totalBytes += end;
    if (this.buffered > 0) {
      while (this.buffered < BLOCK_BYTES && i < end) buffer[this.buffered++] = bytes[i++]!;
      if (this.buffered < BLOCK_BYTES) return this;
      compress(this.state, buffer, 0);
      this.buffered = 0;
    }
    for (; i + BLOCK_BYTES <= end; i += BLOCK_BYTES) compress(this.state, bytes, i);
    while (i < end) buffer[this.buffered++] = bytes[i++]!;
    return this;
  }

  /** Pads and writes the 32-byte digest into `out`; the hasher must be reset before reuse. */
  digestInto(out: Uint8Array): Uint8Array {
    const buffer = this.buffer;
    const bitLength = this.totalBytes * 8;
    let n = this.buffered;
    buffer[n++] = 0x80;
    if (n > 56) {
      buffer.fill(0, n);
      compress(this.state, buffer, 0);
      n = 0;
    }
    buffer.fill(0, n, 56);
    writeWord(buffer, 56, Math.floor(bitLength / 2 ** 32));
    writeWord(buffer, 60, bitLength);
    compress(this.state, buffer, 0);
    for (let i = 0; i < 8; i++) writeWord(out, i * 4, this.state[i]!);
    return out;
  }

  /** The 32-byte digest. */
  digest(): Uint8Array {
    return this.digestInto(new Uint8Array(32));
  }

  /** Continues from exactly the input `other` has absorbed; returns this. */
  copyFrom(other: Sha256): this {
    this.state.set(other.state);
    this.buffer.set(other.buffer);
    this.buffered = other.buffered;
    this.totalBytes = other.totalBytes;
    return this;
  }
}

/** SHA-256 digest of `bytes`. */
export function sha256(bytes: Uint8Array): Uint8Array {
  return new Sha256().update(bytes).digest();
}

/**
 * HMAC-SHA256 keyed once, applied to many messages: the inner and outer padded keys are
 * absorbed up front, so each message costs two short hashes. The returned function hashes
 * message[0 .. end) and writes the MAC into `out` (a fresh array when omitted).
 */
export function hmacSha256Keyed(
  key: Uint8Array,
): (message: Uint8Array, end?: number, out?: Uint8Array) => Uint8Array {
  const block = new Uint8Array(BLOCK_BYTES);
  block.set(key.length > BLOCK_BYTES ? sha256(key) : key);
  const inner = new Sha256().update(block.map((b) => b ^ 0x36));
  const outer = new Sha256().update(block.map((b) => b ^ 0x5c));
  const work = new Sha256();
  const innerDigest = new Uint8Array(32);
  return (message, end = message.length, out = new Uint8Array(32)) => {
    work.copyFrom(inner).update(message, end).digestInto(innerDigest);
    return work.copyFrom(outer).update(innerDigest).digestInto(out);
  };
}

/** HMAC-SHA256 of `message` under `key`. */
export function hmacSha256(key: Uint8Array, message: Uint8Array): Uint8Array {
  return hmacSha256Keyed(key)(message);
}

/** Lower-case hex of `bytes`, the form seeds and hashes are shown and compared in. */
export function toHex(bytes: Uint8Array): string {
  let hex = '';
  for (const b of bytes) hex += b.toString(16).padStart(2, '0');
  return hex;
}

const utf8 = new TextEncoder();

/** UTF-8 bytes of `text`: seeds and messages are hashed as UTF-8 strings. */
export function utf8Bytes(text: string): Uint8Array {
  return utf8.encode(text);
}
