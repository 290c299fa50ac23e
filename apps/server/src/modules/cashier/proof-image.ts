import { PROOF_IMAGE_MAX_BYTES } from '@aurum/contract';
import { AppError } from '../../platform/errors.ts';

export interface ProofImage {
  mime: 'image/png' | 'image/jpeg';
  bytes: Buffer;
}

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);

/** What the bytes are, by their content: png, jpg or neither. */
export function sniffImage(bytes: Buffer): ProofImage['mime'] | null {
  if (bytes.length > PNG.length && bytes.subarray(0, PNG.length).equals(PNG)) return 'image/png';
  if (bytes.length > JPEG.length && bytes.subarray(0, JPEG.length).equals(JPEG)) return 'image/jpeg';
  return null;
}

/**
 * A proof image from a data URL (the contract's proofImageSchema has checked its form): png or
 * jpg by content, whatever the URL claims, at most PROOF_IMAGE_MAX_BYTES. Anything else is
 * refused with cashier.proof.invalid.
 */
export function readProofImage(dataUrl: string): ProofImage {
  const comma = dataUrl.indexOf(',');
  const bytes = Buffer.from(dataUrl.slice(comma + 1), 'base64');
  const mime = sniffImage(bytes);
  if (!mime || bytes.length > PROOF_IMAGE_MAX_BYTES) throw new AppError('cashier.proof.invalid');
  return { mime, bytes };
}
