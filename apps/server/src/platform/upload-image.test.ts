import { describe, expect, it } from 'vitest';
import { asDataUrl, jpegBytes, jpegDataUrl, pngBytes, pngDataUrl, polyglots } from '../testing/images.ts';
import { AppError } from './errors.ts';
import { readUploadedImage } from './upload-image.ts';

const read = (dataUrl: string, max = 1024 * 1024) =>
  readUploadedImage(dataUrl, max, 'promo.image.invalid', { index: '2' });

const refusal = (dataUrl: string, max?: number) => {
  try {
    read(dataUrl, max);
  } catch (e) {
    return e instanceof AppError ? { code: e.code, details: e.details } : e;
  }
  return null;
};

describe('the one upload image check', () => {
  it('takes plain png and jpg by their bytes, whatever the data URL says', () => {
    expect(read(pngDataUrl()).mime).toBe('image/png');
    expect(read(pngDataUrl(5000)).bytes).toEqual(pngBytes(5000));
    // The jpg carries an EXIF thumbnail with its own EOI: only the outer end counts.
    expect(read(jpegDataUrl()).mime).toBe('image/jpeg');
    expect(read(asDataUrl(jpegBytes(), 'image/png')).mime).toBe('image/jpeg');
  });

  it.each(Object.entries(polyglots()))('refuses a polyglot: %s', (_name, dataUrl) => {
    expect(refusal(dataUrl)).toEqual({ code: 'promo.image.invalid', details: { index: '2' } });
  });

  it('refuses what is not an image, a broken image and an image over the size', () => {
    const png = pngBytes();
    for (const bytes of [
      Buffer.from('just some text, not an image'),
      Buffer.from('GIF89a....'),
      png.subarray(0, png.length - 12), // no IEND
      Buffer.concat([png.subarray(0, 8), png.subarray(33)]), // no IHDR first
      jpegBytes().subarray(0, 40), // no EOI
    ]) {
      expect(refusal(asDataUrl(bytes))).toMatchObject({ code: 'promo.image.invalid' });
    }
    expect(refusal(pngDataUrl(), png.length - 1)).toMatchObject({ code: 'promo.image.invalid' });
    expect(read(pngDataUrl(), png.length).bytes).toEqual(png);
  });
});
