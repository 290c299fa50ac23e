import { useEffect } from 'react';
import { useLocation } from 'react-router';

const HASH_SCROLL_ATTEMPTS = 30;

/** Scrolls to the element named by the hash; retries while the page is still rendering. */
export function scrollToHash(hash: string, attempts = HASH_SCROLL_ATTEMPTS): () => void {
  let frame = 0;
  let left = attempts;
  const id = decodeURIComponent(hash.replace(/^#/, ''));
  const tick = () => {
    const el = id ? document.getElementById(id) : null;
    if (el) {
      el.scrollIntoView({ block: 'start' });
      return;
    }
    left -= 1;
    if (left > 0) frame = requestAnimationFrame(tick);
  };
  tick();
  return () => cancelAnimationFrame(frame);
}

/**
 * The page the browser opened keeps the scroll position the browser gave it (the top, or where
 * the visitor scrolled the prerendered home page before the app took its place); scrolling it
 * to the top again would also force a layout of the whole page in the middle of the take-over.
 */
let openedPage = true;

/** Navigation scrolls to the top; a hash scrolls to its element (spec §2). */
export function ScrollManager() {
  const { pathname, search, hash } = useLocation();
  useEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every change of the route.
  useEffect(() => {
    const opened = openedPage;
    openedPage = false;
    if (hash) return scrollToHash(hash);
    if (!opened) window.scrollTo(0, 0);
  }, [pathname, search, hash]);
  return null;
}
