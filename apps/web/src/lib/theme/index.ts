export type { BrandColours, Palette, ThemeName } from './palette';
export { getTheme, setTheme, startTheme, toggleTheme, useTheme } from './theme-store';

/** Same colours as the build (already inlined in index.html)? */
export const sameColours = (
  a: { brand: string; highlight: string },
  b: { brand: string; highlight: string },
) =>
  a.brand.toLowerCase() === b.brand.toLowerCase() && a.highlight.toLowerCase() === b.highlight.toLowerCase();

/** Loads the palette maths only when a merchant's live colours differ from the build's. */
export const applyBrandColoursLazily = (colours: { brand: string; highlight: string }) =>
  import('./brand-colours').then((m) => m.applyBrandColours(colours));
