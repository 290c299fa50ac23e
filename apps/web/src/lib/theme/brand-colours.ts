import { type BrandColours, derivePalette, paletteCss } from './palette';
import { getTheme } from './theme-store';

/** The live colours' sheet, adopted once and replaced when the colours change again. */
let sheet: CSSStyleSheet | null = null;

/**
 * Derives both themes from the merchant's colours and installs them as CSS variables. The
 * build's own brand is already in index.html; this runs only when the live colours differ.
 * A constructed (adopted) stylesheet, not a <style> element: the Content-Security-Policy allows
 * no inline style but the build's own, and adopted sheets come after the page's in the cascade.
 */
export function applyBrandColours(colours: BrandColours): void {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    document.adoptedStyleSheets = [...(document.adoptedStyleSheets ?? []), sheet];
  }
  sheet.replaceSync(paletteCss(colours));
  const meta = document.querySelector('meta[name="theme-color"]');
  meta?.setAttribute('content', derivePalette(colours, getTheme())['surface-1']);
}
