import { type BrandColours, derivePalette, paletteCss } from './palette';
import { getTheme } from './theme-store';

/**
 * Derives both themes from the merchant's colours and installs them as CSS variables. The
 * build's own brand is already inlined in index.html; this runs only when the live colours differ.
 */
export function applyBrandColours(colours: BrandColours): void {
  const id = 'brand-theme-tokens';
  let style = document.getElementById(id) as HTMLStyleElement | null;
  if (!style) {
    style = document.createElement('style');
    style.id = id;
    document.head.append(style);
  }
  style.textContent = paletteCss(colours);
  const meta = document.querySelector('meta[name="theme-color"]');
  meta?.setAttribute('content', derivePalette(colours, getTheme())['surface-1']);
}
