import { PROOF_IMAGE_MAX_BYTES } from '@aurum/contract';
import { readUploadedImage, type UploadedImage } from '../../platform/upload-image.ts';

export type ProofImage = UploadedImage;

/**
 * A proof image from a data URL (the contract's proofImageSchema has checked its form), by the
 * one upload check (platform/upload-image.ts): a plain png or jpg by content, at most
 * PROOF_IMAGE_MAX_BYTES. Anything else is refused with cashier.proof.invalid.
 */
export const readProofImage = (dataUrl: string): ProofImage =>
  readUploadedImage(dataUrl, PROOF_IMAGE_MAX_BYTES, 'cashier.proof.invalid');
