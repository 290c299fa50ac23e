/** Small colour maths for deriving themes from a merchant's brand colours (WCAG 2.x formulas). */
export type Rgb = readonly [number, number, number];

export function hexToRgb(hex: string): Rgb {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h;
  const n = Number.parseInt(full, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export function rgbToHex([r, g, b]: Rgb): string {
  return `#${[r, g, b]
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** Mixes `a` toward `b` by `t` (0 = a, 1 = b). */
export function mix(a: string, b: string, t: number): string {
  const x = hexToRgb(a);
  const y = hexToRgb(b);
  return rgbToHex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}

export function luminance(hex: string): number {
  const [r, g, b] = hexToRgb(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as unknown as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrast(a: string, b: string): number {
  const la = luminance(a);
  const lb = luminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/**
 * Moves `fg` toward white (on dark backgrounds) or black (on light ones) in small steps until it
 * reaches `min` contrast against every background given.
 */
export function ensureContrast(fg: string, backgrounds: readonly string[], min: number): string {
  const dark = backgrounds.every((bg) => luminance(bg) < 0.2);
  const target = dark ? '#ffffff' : '#000000';
  for (let t = 0; t <= 1; t += 0.02) {
    const c = mix(fg, target, t);
    if (backgrounds.every((bg) => contrast(c, bg) >= min)) return c;
  }
  return target;
}

const INK = '#0b0f19';
const PAPER = '#ffffff';

/** Black-ish or white text for a filled background, whichever contrasts more (always ≥ 4.5:1). */
export function textOn(bg: string): string {
  const ink = contrast(INK, bg);
  const paper = contrast(PAPER, bg);
  if (Math.max(ink, paper) >= 4.5) return ink >= paper ? INK : PAPER;
  return contrast('#000000', bg) >= contrast(PAPER, bg) ? '#000000' : PAPER;
}

export function withAlpha(hex: string, alpha: number): string {
  const [r, g, b] = hexToRgb(hex);
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}
