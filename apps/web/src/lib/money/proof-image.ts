/**
 * Proof images (a manual deposit's receipt, a withdrawal that did not arrive): png or jpg of at
 * most 5 MB, checked in the browser before anything is sent — by content, as the server checks
 * it (apps/server/src/modules/cashier/proof-image.ts) — and sent as a data URL.
 */

/** The contract's PROOF_IMAGE_MAX_BYTES (schemas/cashier.ts, which carries zod: not imported). */
export const PROOF_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** For the file input's `accept`. */
export const PROOF_IMAGE_ACCEPT = 'image/png,image/jpeg';

export type ProofImageType = 'image/png' | 'image/jpeg';
export type ProofImageProblem = 'tooLarge' | 'wrongType' | 'unreadable';

export interface ProofImage {
  dataUrl: string;
  name: string;
  bytes: number;
}

const SIGNATURES: readonly [ProofImageType, readonly number[]][] = [
  ['image/png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ['image/jpeg', [0xff, 0xd8, 0xff]],
];

/** What the bytes are by their first bytes: png, jpg or neither (whatever the name says). */
export function sniffImageType(bytes: Uint8Array): ProofImageType | null {
  for (const [type, signature] of SIGNATURES) {
    if (bytes.length > signature.length && signature.every((b, i) => bytes[i] === b)) return type;
  }
  return null;
}

function toBase64(bytes: Uint8Array): string {
  // In slices: one String.fromCharCode call per byte array would overflow the stack at 5 MB.
  let binary = '';
  const SLICE = 0x8000;
  for (let i = 0; i < bytes.length; i += SLICE) {
    binary += String.fromCharCode(...bytes.subarray(i, i + SLICE));
  }
  return btoa(binary);
}

function readBytes(file: Blob): Promise<ArrayBuffer> {
  if (typeof file.arrayBuffer === 'function') return file.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(file);
  });
}

/** Reads a chosen file into a data URL, or says why it cannot be sent. */
export async function readProofImage(
  file: Blob & { name?: string },
  maxBytes = PROOF_IMAGE_MAX_BYTES,
): Promise<{ image: ProofImage } | { problem: ProofImageProblem }> {
  if (file.size > maxBytes) return { problem: 'tooLarge' };
  if (file.size === 0) return { problem: 'unreadable' };
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await readBytes(file));
  } catch {
    return { problem: 'unreadable' };
  }
  const type = sniffImageType(bytes);
  if (!type) return { problem: 'wrongType' };
  return {
    image: {
      dataUrl: `data:${type};base64,${toBase64(bytes)}`,
      name: file.name ?? '',
      bytes: bytes.length,
    },
  };
}
