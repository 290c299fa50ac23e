import { ensureContrast, mix, textOn, withAlpha } from './colour';

export type ThemeName = 'dark' | 'light';

export const TOKEN_NAMES = [
  'surface-0',
  'surface-1',
  'surface-2',
  'surface-3',
  'surface-overlay',
  'text-strong',
  'text',
  'text-muted',
  'text-on-accent',
  'text-on-accent-2',
  'accent',
  'accent-hover',
  'accent-soft',
  'accent-2',
  'accent-2-text',
  'accent-2-soft',
  'success',
  'warning',
  'danger',
  'info',
  'border',
  'border-strong',
  'focus-ring',
  'shadow',
] as const;
export type TokenName = (typeof TOKEN_NAMES)[number];
export type Palette = Record<TokenName, string>;

export interface BrandColours {
  brand: string;
  highlight: string;
}

const AA_TEXT = 4.5;
const AA_UI = 3;

/**
 * Dark first: deep navy-black surfaces, the highlight as warm gold, the brand as the action colour.
 * `accent-2` is the highlight as a fill (with `text-on-accent-2` on it); `accent-2-text` is its
 * shade that is readable as text or an icon on the surfaces.
 */
function dark({ brand, highlight }: BrandColours): Palette {
  const s0 = mix('#070b16', brand, 0.025);
  const s1 = mix('#0f1526', brand, 0.035);
  const s2 = mix('#172036', brand, 0.045);
  const s3 = mix('#1f2a44', brand, 0.05);
  const surfaces = [s0, s1, s2, s3];
  const accent = ensureContrast(brand, surfaces, AA_TEXT);
  const accent2 = highlight;
  return {
    'surface-0': s0,
    'surface-1': s1,
    'surface-2': s2,
    'surface-3': s3,
    'surface-overlay': 'rgba(3, 6, 14, 0.74)',
    'text-strong': '#f6f8fc',
    text: ensureContrast('#d4dae6', surfaces, 7),
    'text-muted': ensureContrast('#9aa5b9', surfaces, AA_TEXT),
    'text-on-accent': textOn(accent),
    'text-on-accent-2': textOn(accent2),
    accent,
    'accent-hover': mix(accent, '#ffffff', 0.14),
    'accent-soft': withAlpha(accent, 0.16),
    'accent-2': accent2,
    'accent-2-text': ensureContrast(highlight, surfaces, AA_TEXT),
    'accent-2-soft': withAlpha(accent2, 0.16),
    success: ensureContrast('#34d399', surfaces, AA_TEXT),
    warning: ensureContrast('#fbbf24', surfaces, AA_TEXT),
    danger: ensureContrast('#f87171', surfaces, AA_TEXT),
    info: ensureContrast('#60a5fa', surfaces, AA_TEXT),
    border: mix(s2, '#ffffff', 0.1),
    'border-strong': ensureContrast(mix(s2, '#ffffff', 0.3), [s1, s2], AA_UI),
    'focus-ring': ensureContrast(highlight, surfaces, AA_UI),
    shadow: '0 12px 32px rgba(0, 0, 0, 0.45)',
  };
}

/** Light: warm off-white surfaces with the same accents, deepened until text-safe. */
function light({ brand, highlight }: BrandColours): Palette {
  const s0 = mix('#f7f3ec', brand, 0.02);
  const s1 = '#ffffff';
  const s2 = '#ffffff';
  const s3 = mix('#efe9df', brand, 0.03);
  const surfaces = [s0, s1, s2, s3];
  const accent = ensureContrast(brand, surfaces, AA_TEXT);
  const accent2 = highlight;
  return {
    'surface-0': s0,
    'surface-1': s1,
    'surface-2': s2,
    'surface-3': s3,
    'surface-overlay': 'rgba(17, 21, 33, 0.52)',
    'text-strong': '#0f1320',
    text: ensureContrast('#2a3142', surfaces, 7),
    'text-muted': ensureContrast('#5d6576', surfaces, AA_TEXT),
    'text-on-accent': textOn(accent),
    'text-on-accent-2': textOn(accent2),
    accent,
    'accent-hover': mix(accent, '#000000', 0.12),
    'accent-soft': withAlpha(accent, 0.1),
    'accent-2': accent2,
    'accent-2-text': ensureContrast(highlight, surfaces, AA_TEXT),
    'accent-2-soft': withAlpha(highlight, 0.18),
    success: ensureContrast('#059669', surfaces, AA_TEXT),
    warning: ensureContrast('#b45309', surfaces, AA_TEXT),
    danger: ensureContrast('#dc2626', surfaces, AA_TEXT),
    info: ensureContrast('#2563eb', surfaces, AA_TEXT),
    border: mix(s0, '#000000', 0.1),
    'border-strong': ensureContrast(mix(s0, '#000000', 0.35), surfaces, AA_UI),
    'focus-ring': ensureContrast(brand, surfaces, AA_UI),
    shadow: '0 10px 28px rgba(24, 20, 12, 0.14)',
  };
}

export function derivePalette(colours: BrandColours, theme: ThemeName): Palette {
  return theme === 'dark' ? dark(colours) : light(colours);
}

export function paletteCss(colours: BrandColours): string {
  const block = (theme: ThemeName) =>
    Object.entries(derivePalette(colours, theme))
      .map(([k, v]) => `--${k}:${v};`)
      .join('');
  return `:root[data-theme='dark']{color-scheme:dark;${block('dark')}}:root[data-theme='light']{color-scheme:light;${block('light')}}`;
}
