import type { ErrorCode } from '@aurum/contract';
import { AppError } from './errors.ts';

export type ImageMime = 'image/png' | 'image/jpeg';

export interface UploadedImage {
  mime: ImageMime;
  bytes: Buffer;
}

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);

/**
 * Markup a browser or a server would run if the file were ever served or read as something else
 * (a polyglot). Tags need their end (space, `/` or `>`) so that compressed pixels do not match by
 * chance; `<script` and `<?php` are long enough on their own.
 */
const MARKUP = /<(?:script|\?php|(?:html|svg|iframe|body|object|embed|!doctype|meta|link|style)[\s/>])/i;

/** Where a png ends: its IEND chunk, walked chunk by chunk from IHDR; -1 when broken. */
function pngEnd(bytes: Buffer): number {
  let at = PNG.length;
  let first = true;
  while (at + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    if (first && type !== 'IHDR') return -1;
    first = false;
    const next = at + 12 + length;
    if (next > bytes.length) return -1;
    if (type === 'IEND') return next;
    at = next;
  }
  return -1;
}

/** Markers that stand alone, without a length: RST0-7 and TEM. */
const standalone = (marker: number) => (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01;

/**
 * Where a jpg ends: just after its EOI marker, walked segment by segment (so an EOI inside an
 * embedded thumbnail does not count), through the entropy-coded data after each SOS; -1 when
 * broken.
 */
function jpegEnd(bytes: Buffer): number {
  let at = 2;
  while (at + 1 < bytes.length) {
    if (bytes[at] !== 0xff) return -1;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0xd9) return at + 2;
    if (standalone(marker)) {
      at += 2;
      continue;
    }
    if (at + 4 > bytes.length) return -1;
    at += 2 + bytes.readUInt16BE(at + 2);
    if (marker !== 0xda) continue;
    // Scan data: runs until a marker that is neither a stuffed 0xFF00 nor a restart marker.
    while (
      at + 1 < bytes.length &&
      !(bytes[at] === 0xff && bytes[at + 1] !== 0 && !standalone(bytes[at + 1]!))
    )
      at += 1;
  }
  return -1;
}

/**
 * The one check for every uploaded image (deposit and withdrawal proofs, promotion applications,
 * feedback): png or jpg by content, whatever the name or data URL claims; the file ends where
 * the image ends (nothing after the IEND or EOI marker); no markup anywhere in it; at most
 * `maxBytes`. Refusals throw `code` (with `details`), so each caller keeps its own error.
 */
export function readUploadedImage(
  dataUrl: string,
  maxBytes: number,
  code: ErrorCode,
  details?: Record<string, string>,
): UploadedImage {
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  const refuse = () => new AppError(code, undefined, details);
  if (bytes.length > maxBytes) throw refuse();
  const mime = imageKind(bytes);
  if (!mime) throw refuse();
  const end = mime === 'image/png' ? pngEnd(bytes) : jpegEnd(bytes);
  if (end !== bytes.length || MARKUP.test(bytes.toString('latin1'))) throw refuse();
  return { mime, bytes };
}

function imageKind(bytes: Buffer): ImageMime | null {
  if (bytes.length > PNG.length && bytes.subarray(0, PNG.length).equals(PNG)) return 'image/png';
  if (bytes.length > JPEG.length && bytes.subarray(0, JPEG.length).equals(JPEG)) return 'image/jpeg';
  return null;
}
