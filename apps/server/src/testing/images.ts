import { readdir } from 'node:fs/promises';
import { deflateSync } from 'node:zlib';
import { testConfig } from './app.ts';

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const b of bytes) {
    crc ^= b;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A real 1×1 png; `padding` bytes more in a private ancillary chunk (for size limits). */
export function pngBytes(padding = 0): Buffer {
  const header = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const ihdr = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
  const pixels = deflateSync(Buffer.from([0, 0x10, 0xb9, 0x81]));
  return Buffer.concat([
    header,
    chunk('IHDR', ihdr),
    ...(padding > 0 ? [chunk('prVt', Buffer.alloc(padding, 7))] : []),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The shape of a baseline jpg: SOI, a JFIF APP0, an EXIF APP1 whose thumbnail has its own EOI,
 * a scan with a stuffed 0xFF00 and a restart marker, EOI. */
export function jpegBytes(): Buffer {
  const segment = (marker: number, data: Buffer) => {
    const head = Buffer.from([0xff, marker, 0, 0]);
    head.writeUInt16BE(data.length + 2, 2);
    return Buffer.concat([head, data]);
  };
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    segment(0xe0, Buffer.from('4a46494600010100000100010000', 'hex')),
    segment(0xe1, Buffer.concat([Buffer.from('Exif\0\0'), Buffer.from([0xff, 0xd8, 0x01, 0xff, 0xd9])])),
    segment(0xdb, Buffer.alloc(65, 1)),
    segment(0xc0, Buffer.from('0800010001011100', 'hex')),
    segment(0xda, Buffer.from('01010000003f00', 'hex')),
    Buffer.from([0x12, 0xff, 0x00, 0x34, 0xff, 0xd0, 0x56]),
    Buffer.from([0xff, 0xd9]),
  ]);
}

export const asDataUrl = (bytes: Buffer, mime = 'image/png') =>
  `data:${mime};base64,${bytes.toString('base64')}`;

/** A real 1×1 png as a data URL. */
export const pngDataUrl = (padding = 0) => asDataUrl(pngBytes(padding));
export const jpegDataUrl = () => asDataUrl(jpegBytes(), 'image/jpeg');

/**
 * Files that start as a valid image and carry something else: markup anywhere, or data after the
 * image's end marker. Every upload path must refuse each of them.
 */
export function polyglots(): Record<string, string> {
  const png = pngBytes();
  const jpeg = jpegBytes();
  const iend = png.length - 12;
  return {
    'png then <script': asDataUrl(Buffer.concat([png, Buffer.from('<script>alert(1)</script>')])),
    'png then bytes': asDataUrl(Buffer.concat([png, Buffer.from([0, 1, 2, 3])])),
    'png with <html in a chunk': asDataUrl(
      Buffer.concat([
        png.subarray(0, iend),
        chunk('tEXt', Buffer.from('c\0<html><body>x')),
        png.subarray(iend),
      ]),
    ),
    'png with <svg in a chunk': asDataUrl(
      Buffer.concat([
        png.subarray(0, iend),
        chunk('tEXt', Buffer.from('c\0<svg onload=alert(1)>')),
        png.subarray(iend),
      ]),
    ),
    'jpg with <?php in a comment': asDataUrl(
      Buffer.concat([
        jpeg.subarray(0, 2),
        Buffer.from([0xff, 0xfe, 0x00, 0x14]),
        Buffer.from('<?php system($x); '),
        jpeg.subarray(2),
      ]),
      'image/jpeg',
    ),
    'jpg then <html': asDataUrl(Buffer.concat([jpeg, Buffer.from('<HTML>hi</HTML>')]), 'image/jpeg'),
    'jpg then bytes': asDataUrl(Buffer.concat([jpeg, Buffer.from('PK\x03\x04zip')]), 'image/jpeg'),
  };
}

/** How many files the test apps of this process have stored (uploads), to see that a refusal
 * stored nothing. */
export async function storedFileCount(): Promise<number> {
  const root = testConfig().UPLOAD_DIR;
  if (!root) throw new Error('test apps store uploads in UPLOAD_DIR');
  try {
    const entries = await readdir(root, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).length;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw e;
  }
}
