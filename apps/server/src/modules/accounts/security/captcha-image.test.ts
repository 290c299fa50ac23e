import { describe, expect, it } from 'vitest';
import { CAPTCHA_ALPHABET, captchaSvg, randomCaptchaText } from './captcha-image.ts';

describe('captcha image', () => {
  it('draws every character of the alphabet', () => {
    expect(() => captchaSvg(CAPTCHA_ALPHABET)).not.toThrow();
  });

  it('makes 4 or 5 characters of the alphabet', () => {
    for (let i = 0; i < 100; i++)
      expect(randomCaptchaText()).toMatch(new RegExp(`^[${CAPTCHA_ALPHABET}]{4,5}$`));
  });

  it('carries no text, only shuffled paths, and differs every time', () => {
    const a = captchaSvg('AC23');
    const b = captchaSvg('AC23');
    expect(a).not.toBe(b);
    expect(a).not.toMatch(/<text|AC23|font/);
    expect(a.match(/<path /g)!.length).toBeGreaterThan(10);
    expect(a.length).toBeLessThan(20_000);
  });
});
