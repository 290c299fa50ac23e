import { randomInt } from 'node:crypto';
import { randomString } from '../../../platform/crypto.ts';

/**
 * A captcha drawn as SVG, with no native canvas or font dependency. Characters come from a small
 * stroke font, are distorted one by one, cut into loose segments, mixed with noise segments of
 * the same style and shuffled, so the markup carries no text and no per-character grouping.
 */

/** Unambiguous characters only: no 0/O, 1/I/L, S/5 confusions. */
export const CAPTCHA_ALPHABET = '2346789ACEFHKMNPRTUVWXY';

type Stroke = [number, number][];

// Each glyph sits on a 4 x 6 grid, y growing downwards.
const GLYPHS: Record<string, Stroke[]> = {
  '2': [
    [
      [0, 1],
      [1, 0],
      [3, 0],
      [4, 1],
      [4, 2],
      [0, 6],
      [4, 6],
    ],
  ],
  '3': [
    [
      [0, 0],
      [4, 0],
      [2, 2.5],
      [3.5, 3],
      [4, 4.5],
      [3, 6],
      [1, 6],
      [0, 5],
    ],
  ],
  '4': [
    [
      [3, 6],
      [3, 0],
      [0, 4],
      [4, 4],
    ],
  ],
  '6': [
    [
      [3.5, 0],
      [1, 0],
      [0, 1.5],
      [0, 5],
      [1, 6],
      [3, 6],
      [4, 5],
      [4, 4],
      [3, 3],
      [0, 3],
    ],
  ],
  '7': [
    [
      [0, 0],
      [4, 0],
      [1.5, 6],
    ],
  ],
  '8': [
    [
      [1, 0],
      [3, 0],
      [4, 1],
      [4, 2],
      [3, 3],
      [1, 3],
      [0, 2],
      [0, 1],
      [1, 0],
    ],
    [
      [1, 3],
      [0, 4],
      [0, 5],
      [1, 6],
      [3, 6],
      [4, 5],
      [4, 4],
      [3, 3],
    ],
  ],
  '9': [
    [
      [4, 3],
      [1, 3],
      [0, 2],
      [0, 1],
      [1, 0],
      [3, 0],
      [4, 1],
      [4, 5],
      [3, 6],
      [0.5, 6],
    ],
  ],
  A: [
    [
      [0, 6],
      [2, 0],
      [4, 6],
    ],
    [
      [1, 3.5],
      [3, 3.5],
    ],
  ],
  C: [
    [
      [4, 1],
      [3, 0],
      [1, 0],
      [0, 1],
      [0, 5],
      [1, 6],
      [3, 6],
      [4, 5],
    ],
  ],
  E: [
    [
      [4, 0],
      [0, 0],
      [0, 6],
      [4, 6],
    ],
    [
      [0, 3],
      [3, 3],
    ],
  ],
  F: [
    [
      [4, 0],
      [0, 0],
      [0, 6],
    ],
    [
      [0, 3],
      [3, 3],
    ],
  ],
  H: [
    [
      [0, 0],
      [0, 6],
    ],
    [
      [4, 0],
      [4, 6],
    ],
    [
      [0, 3],
      [4, 3],
    ],
  ],
  K: [
    [
      [0, 0],
      [0, 6],
    ],
    [
      [4, 0],
      [0, 3.5],
    ],
    [
      [1.3, 2.7],
      [4, 6],
    ],
  ],
  M: [
    [
      [0, 6],
      [0, 0],
      [2, 3],
      [4, 0],
      [4, 6],
    ],
  ],
  N: [
    [
      [0, 6],
      [0, 0],
      [4, 6],
      [4, 0],
    ],
  ],
  P: [
    [
      [0, 6],
      [0, 0],
      [3, 0],
      [4, 1],
      [4, 2],
      [3, 3],
      [0, 3],
    ],
  ],
  R: [
    [
      [0, 6],
      [0, 0],
      [3, 0],
      [4, 1],
      [4, 2],
      [3, 3],
      [0, 3],
    ],
    [
      [2, 3],
      [4, 6],
    ],
  ],
  T: [
    [
      [0, 0],
      [4, 0],
    ],
    [
      [2, 0],
      [2, 6],
    ],
  ],
  U: [
    [
      [0, 0],
      [0, 5],
      [1, 6],
      [3, 6],
      [4, 5],
      [4, 0],
    ],
  ],
  V: [
    [
      [0, 0],
      [2, 6],
      [4, 0],
    ],
  ],
  W: [
    [
      [0, 0],
      [1, 6],
      [2, 2],
      [3, 6],
      [4, 0],
    ],
  ],
  X: [
    [
      [0, 0],
      [4, 6],
    ],
    [
      [4, 0],
      [0, 6],
    ],
  ],
  Y: [
    [
      [0, 0],
      [2, 3],
      [4, 0],
    ],
    [
      [2, 3],
      [2, 6],
    ],
  ],
};

const WIDTH = 160;
const HEIGHT = 56;
const INK = ['#1f2937', '#312e81', '#7c2d12', '#14532d', '#4c1d95'];

/** A uniform float in [min, max) from the CSPRNG (the image must not be predictable either). */
const rand = (min: number, max: number) => min + (randomInt(1_000_000) / 1_000_000) * (max - min);
const pick = <T>(items: readonly T[]): T => items[randomInt(items.length)]!;
const fmt = (n: number) => n.toFixed(1);

interface Segment {
  d: string;
  width: number;
  colour: string;
}

export const randomCaptchaText = () => randomString(CAPTCHA_ALPHABET, randomInt(4, 6));

/** The SVG picture of `text` (characters of CAPTCHA_ALPHABET). */
export function captchaSvg(text: string): string {
  const segments: Segment[] = [];
  const cell = (WIDTH - 20) / text.length;
  [...text].forEach((ch, i) => {
    segments.push(...glyphSegments(ch, 10 + cell * i + cell / 2, HEIGHT / 2 + rand(-4, 4)));
  });
  segments.push(...noiseSegments(6));
  shuffle(segments);
  const dots = Array.from(
    { length: 40 },
    () =>
      `<circle cx="${fmt(rand(0, WIDTH))}" cy="${fmt(rand(0, HEIGHT))}" r="${fmt(rand(0.5, 1.6))}" fill="${pick(INK)}" opacity="0.5"/>`,
  ).join('');
  const paths = segments
    .map((s) => `<path d="${s.d}" stroke="${s.colour}" stroke-width="${fmt(s.width)}"/>`)
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">` +
    `<rect width="100%" height="100%" fill="#f8f5ec"/>${dots}` +
    `<g fill="none" stroke-linecap="round" stroke-linejoin="round">${paths}</g></svg>`
  );
}

/** One character: jittered, scaled, skewed and rotated about its centre, cut into segments. */
function glyphSegments(ch: string, cx: number, cy: number): Segment[] {
  const strokes = GLYPHS[ch];
  if (!strokes) throw new Error(`no glyph for ${ch}`);
  const angle = (rand(-25, 25) * Math.PI) / 180;
  const skew = rand(-0.3, 0.3);
  const sx = rand(3.8, 4.8);
  const sy = rand(4.8, 5.8);
  const colour = pick(INK);
  const width = rand(2.2, 3.2);
  const place = ([x, y]: [number, number]): [number, number] => {
    const gx = (x + rand(-0.3, 0.3) - 2) * sx;
    const gy = (y + rand(-0.3, 0.3) - 3) * sy;
    const kx = gx + skew * gy;
    return [
      cx + kx * Math.cos(angle) - gy * Math.sin(angle),
      cy + kx * Math.sin(angle) + gy * Math.cos(angle),
    ];
  };
  const out: Segment[] = [];
  for (const stroke of strokes) {
    const pts = stroke.map(place);
    for (let i = 1; i < pts.length; i++) {
      const [a, b] = [pts[i - 1]!, pts[i]!];
      // A slight bend so segments are curves, not the straight lines a font would give.
      const mx = (a[0] + b[0]) / 2 + rand(-1.5, 1.5);
      const my = (a[1] + b[1]) / 2 + rand(-1.5, 1.5);
      out.push({
        d: `M${fmt(a[0])} ${fmt(a[1])}Q${fmt(mx)} ${fmt(my)} ${fmt(b[0])} ${fmt(b[1])}`,
        width,
        colour,
      });
    }
  }
  return out;
}

/** Lines across the picture and short strokes that look like parts of characters. */
function noiseSegments(count: number): Segment[] {
  const out: Segment[] = [];
  for (let i = 0; i < count; i++) {
    // Mostly thin lines across; a couple of short thick strokes that look like letter parts.
    const long = i < count - 2;
    const x = rand(0, WIDTH);
    const y = rand(0, HEIGHT);
    const [x2, y2] = long ? [rand(0, WIDTH), rand(0, HEIGHT)] : [x + rand(-14, 14), y + rand(-14, 14)];
    const d = `M${fmt(x)} ${fmt(y)}Q${fmt(rand(0, WIDTH))} ${fmt(rand(0, HEIGHT))} ${fmt(x2)} ${fmt(y2)}`;
    out.push({ d, width: long ? rand(0.8, 1.5) : rand(1.8, 2.6), colour: pick(INK) });
  }
  return out;
}

function shuffle<T>(items: T[]): void {
  for (let i = items.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
}
