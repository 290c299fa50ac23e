import { useLayoutEffect } from 'react';

/**
 * The home page the server rendered ahead (`app/prerender.tsx`) sits in `#prerender`, before the
 * app's `#root`, which the page's stylesheet keeps hidden meanwhile. Once the app has rendered
 * what takes its place (its home page, another page, or a start-up or error page), the prerendered
 * copy goes, in the same frame the app's shows (a layout effect), so nothing flashes or shifts.
 */
export function releasePrerender(): void {
  document.getElementById('prerender')?.remove();
}

/** Releases the prerendered page once the calling component has rendered (when `when` holds). */
export function useReleasePrerender(when = true): void {
  useLayoutEffect(() => {
    if (when) releasePrerender();
  }, [when]);
}
