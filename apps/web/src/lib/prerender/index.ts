import { useLayoutEffect } from 'react';

/**
 * The home page the server rendered ahead (`app/prerender.tsx`) sits in `#prerender`, before the
 * app's `#root`, which the page's stylesheet keeps hidden meanwhile. Once the app has rendered
 * what takes its place (its home page, another page, or a start-up or error page), the prerendered
 * copy goes, in the same frame the app's shows (a layout effect), so nothing flashes or shifts.
 */
export function releasePrerender(): void {
  const copy = document.getElementById('prerender');
  // Removed from a microtask: still before the frame is drawn, but out of React's commit. With the
  // browser's performance tracing on (Lighthouse), each element taken out of the layout records
  // the script's stack, one frame deep from a microtask, dozens from the commit (~100 ms here).
  if (copy) queueMicrotask(() => copy.remove());
}

/**
 * Whether the app is rendering hidden behind the prerendered page (`#root` is not displayed until
 * the copy goes). Measuring the app's elements meanwhile reads zeros, and forces the browser to
 * lay out the copy about to go; a measurement waits for the app to show instead.
 */
export function behindPrerender(): boolean {
  return (
    typeof document !== 'undefined' &&
    document.getElementById('prerender') !== null &&
    document.documentElement.dataset.prerender !== 'stale'
  );
}

/** Releases the prerendered page once the calling component has rendered (when `when` holds). */
export function useReleasePrerender(when = true): void {
  useLayoutEffect(() => {
    if (when) releasePrerender();
  }, [when]);
}
