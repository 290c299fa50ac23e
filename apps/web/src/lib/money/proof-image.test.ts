import { describe, expect, it } from 'vitest';
import { PROOF_IMAGE_MAX_BYTES, readProofImage, sniffImageType } from './proof-image';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];
const JPEG = [0xff, 0xd8, 0xff, 0xe0, 0, 16];

const file = (bytes: number[] | Uint8Array, name: string, type = '') =>
  new File([new Uint8Array(bytes)], name, { type });

describe('proof images', () => {
  it('knows png and jpg by their content, not their name', () => {
    expect(sniffImageType(new Uint8Array(PNG))).toBe('image/png');
    expect(sniffImageType(new Uint8Array(JPEG))).toBe('image/jpeg');
    expect(sniffImageType(new TextEncoder().encode('GIF89a....'))).toBeNull();
  });

  it('reads a png into a data URL of its real type', async () => {
    const result = await readProofImage(file(PNG, 'receipt.jpg', 'image/jpeg'));
    expect(result).toEqual({
      image: {
        dataUrl: `data:image/png;base64,${btoa(String.fromCharCode(...PNG))}`,
        name: 'receipt.jpg',
        bytes: 12,
      },
    });
  });

  it('refuses other files, empty files and files over 5 MB before reading them', async () => {
    expect(await readProofImage(file([0x47, 0x49, 0x46, 0x38, 0x39, 0x61], 'x.png', 'image/png'))).toEqual({
      problem: 'wrongType',
    });
    expect(await readProofImage(file([], 'empty.png'))).toEqual({ problem: 'unreadable' });
    const big = new Uint8Array(PROOF_IMAGE_MAX_BYTES + 1);
    big.set(PNG);
    expect(await readProofImage(file(big, 'big.png'))).toEqual({ problem: 'tooLarge' });
  });

  it('accepts exactly 5 MB', async () => {
    const max = new Uint8Array(PROOF_IMAGE_MAX_BYTES);
    max.set(JPEG);
    const result = await readProofImage(file(max, 'max.jpg'));
    expect('image' in result && result.image.bytes).toBe(PROOF_IMAGE_MAX_BYTES);
    expect('image' in result && result.image.dataUrl.startsWith('data:image/jpeg;base64,/9j/')).toBe(true);
  });
});
