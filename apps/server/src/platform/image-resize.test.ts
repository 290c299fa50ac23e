import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { decodeImage, encodeImage, MAX_DECODED_PIXELS, squareResize } from './image-resize.ts';

function png(
  width: number,
  height: number,
  pixel: (x: number, y: number) => [number, number, number, number],
) {
  const image = new PNG({ width, height });
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) image.data.set(pixel(x, y), (y * width + x) * 4);
  return PNG.sync.write(image);
}

/** A png chunk with its CRC. */
function chunk(type: string, data: Buffer) {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  let crc = 0xffffffff;
  for (const x of body) {
    crc ^= x;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length);
  body.copy(out, 4);
  out.writeUInt32BE((crc ^ 0xffffffff) >>> 0, 8 + data.length);
  return out;
}

describe('decodeImage', () => {
  it('decodes a real png and jpg', () => {
    const p = decodeImage({ mime: 'image/png', bytes: png(40, 20, () => [1, 2, 3, 255]) });
    expect(p && [p.width, p.height, ...p.data.subarray(0, 4)]).toEqual([40, 20, 1, 2, 3, 255]);
    const j = jpeg.encode({ width: 32, height: 24, data: Buffer.alloc(32 * 24 * 4, 128) }, 90).data;
    expect(decodeImage({ mime: 'image/jpeg', bytes: j })).toMatchObject({ width: 32, height: 24 });
  });

  it('refuses a png whose header claims more pixels than allowed, before decoding it', () => {
    const bytes = png(20, 20, () => [0, 0, 0, 255]);
    // IHDR says 100000 × 100000; the CRC no longer matches either, but the size is checked first.
    bytes.writeUInt32BE(100_000, 16);
    bytes.writeUInt32BE(100_000, 20);
    expect(100_000 * 100_000).toBeGreaterThan(MAX_DECODED_PIXELS);
    expect(decodeImage({ mime: 'image/png', bytes })).toBeNull();
  });

  it('refuses a png whose IDAT is not a zlib stream, every time (pngjs alone decodes stale memory)', () => {
    const head = png(20, 20, () => [0, 0, 0, 255]).subarray(0, 33); // signature and IHDR
    const zip = Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(60, 0x41)]);
    const bytes = Buffer.concat([head, chunk('IDAT', zip), chunk('IEND', Buffer.alloc(0))]);
    const decoded = Array.from({ length: 20 }, () => decodeImage({ mime: 'image/png', bytes }));
    expect(decoded.filter((d) => d !== null)).toEqual([]);
  });

  it('refuses a png with a broken CRC and a truncated jpg', () => {
    const bytes = png(20, 20, () => [0, 0, 0, 255]);
    bytes.writeUInt8(bytes.readUInt8(bytes.length - 20) ^ 0xff, bytes.length - 20);
    expect(decodeImage({ mime: 'image/png', bytes })).toBeNull();
    const j = jpeg.encode({ width: 32, height: 32, data: Buffer.alloc(32 * 32 * 4, 9) }, 90).data;
    expect(decodeImage({ mime: 'image/jpeg', bytes: j.subarray(0, j.length / 2) })).toBeNull();
  });
});

describe('squareResize', () => {
  it('takes the centred square and averages what each pixel covers', () => {
    // 60 × 20: left third red, middle third green, right third blue; the square is the middle.
    const src = decodeImage({
      mime: 'image/png',
      bytes: png(60, 20, (x) => (x < 20 ? [255, 0, 0, 255] : x < 40 ? [0, 255, 0, 255] : [0, 0, 255, 255])),
    })!;
    const out = squareResize(src, 4);
    expect([out.width, out.height]).toEqual([4, 4]);
    for (let i = 0; i < 16; i++) expect([...out.data.subarray(i * 4, i * 4 + 4)]).toEqual([0, 255, 0, 255]);
  });

  it('enlarges a small picture and encodes what it makes', () => {
    const src = decodeImage({ mime: 'image/png', bytes: png(16, 16, () => [10, 20, 30, 255]) })!;
    const out = squareResize(src, 64);
    const back = PNG.sync.read(encodeImage(out, 'image/png'));
    expect([back.width, back.height, ...back.data.subarray(0, 4)]).toEqual([64, 64, 10, 20, 30, 255]);
    expect(jpeg.decode(encodeImage(out, 'image/jpeg'))).toMatchObject({ width: 64, height: 64 });
  });
});
