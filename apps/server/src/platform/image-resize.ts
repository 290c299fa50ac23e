import { inflateSync } from 'node:zlib';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import type { ImageMime, UploadedImage } from './upload-image.ts';

/** Decoded pixels: RGBA, 4 bytes a pixel, row after row. */
export interface Pixels {
  width: number;
  height: number;
  data: Uint8Array;
}

/** The most pixels an uploaded image may decode to (a small file can claim a huge picture). */
export const MAX_DECODED_PIXELS = 25_000_000;
/** The smallest side a picture worth showing has. */
export const MIN_SIDE = 16;

/**
 * Decodes an image that readUploadedImage has already let through (magic bytes, chunk or segment
 * walk, no markup): a real decode of every pixel, CRCs of a png included, so a file that only looks
 * like an image fails here. Returns null for anything that does not decode, is too small, or would
 * decode to more than MAX_DECODED_PIXELS.
 */
export function decodeImage(image: UploadedImage): Pixels | null {
  try {
    if (image.mime === 'image/png') {
      // IHDR is the first chunk (checked by readUploadedImage): width and height at 16 and 20.
      const width = image.bytes.readUInt32BE(16);
      const height = image.bytes.readUInt32BE(20);
      if (!sizeAllowed(width, height)) return null;
      // pngjs's synchronous inflate does not report a broken zlib stream: it returns whatever
      // memory it was given (a png whose IDAT is a zip decoded now and then). Node's own inflate
      // of the joined IDAT data refuses one first.
      inflateSync(idatData(image.bytes));
      const png = PNG.sync.read(image.bytes, { checkCRC: true });
      return { width: png.width, height: png.height, data: new Uint8Array(png.data) };
    }
    const decoded = jpeg.decode(image.bytes, {
      useTArray: true,
      formatAsRGBA: true,
      tolerantDecoding: false,
      maxResolutionInMP: MAX_DECODED_PIXELS / 1_000_000,
      maxMemoryUsageInMB: 512,
    });
    if (!sizeAllowed(decoded.width, decoded.height)) return null;
    return { width: decoded.width, height: decoded.height, data: decoded.data };
  } catch {
    return null;
  }
}

/** The IDAT chunks of a png (already walked by readUploadedImage), joined: its zlib stream. */
function idatData(bytes: Buffer): Buffer {
  const parts: Buffer[] = [];
  for (let at = 8; at + 12 <= bytes.length; ) {
    const length = bytes.readUInt32BE(at);
    if (bytes.toString('latin1', at + 4, at + 8) === 'IDAT')
      parts.push(bytes.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  return Buffer.concat(parts);
}

const sizeAllowed = (width: number, height: number) =>
  width >= MIN_SIDE && height >= MIN_SIDE && width * height <= MAX_DECODED_PIXELS;

/**
 * The centred square of a picture scaled to `side` × `side`: each target pixel is the average of
 * the source pixels it covers (a box filter, weighted by coverage), which shrinks without
 * aliasing and enlarges as nearest-neighbour smoothing.
 */
export function squareResize(src: Pixels, side: number): Pixels {
  const crop = Math.min(src.width, src.height);
  const x0 = Math.floor((src.width - crop) / 2);
  const y0 = Math.floor((src.height - crop) / 2);
  const scale = crop / side;
  const out = new Uint8Array(side * side * 4);
  const sum = new Float64Array(4);
  for (let ty = 0; ty < side; ty++) {
    const sy0 = ty * scale;
    const sy1 = sy0 + scale;
    for (let tx = 0; tx < side; tx++) {
      const sx0 = tx * scale;
      const sx1 = sx0 + scale;
      sum.fill(0);
      let weight = 0;
      for (let sy = Math.floor(sy0); sy < Math.min(Math.ceil(sy1), crop); sy++) {
        const wy = Math.min(sy + 1, sy1) - Math.max(sy, sy0);
        for (let sx = Math.floor(sx0); sx < Math.min(Math.ceil(sx1), crop); sx++) {
          const w = wy * (Math.min(sx + 1, sx1) - Math.max(sx, sx0));
          const at = ((y0 + sy) * src.width + (x0 + sx)) * 4;
          for (let c = 0; c < 4; c++) sum[c]! += src.data[at + c]! * w;
          weight += w;
        }
      }
      const to = (ty * side + tx) * 4;
      for (let c = 0; c < 4; c++) out[to + c] = Math.round(sum[c]! / (weight || 1));
    }
  }
  return { width: side, height: side, data: out };
}

/** Encodes pixels in the given format: png keeps transparency, jpg is smaller for photographs. */
export function encodeImage(pixels: Pixels, mime: ImageMime): Buffer {
  if (mime === 'image/jpeg') {
    return jpeg.encode({ width: pixels.width, height: pixels.height, data: pixels.data }, 85).data;
  }
  const png = new PNG({ width: pixels.width, height: pixels.height });
  png.data = Buffer.from(pixels.data.buffer, pixels.data.byteOffset, pixels.data.byteLength);
  return PNG.sync.write(png);
}
