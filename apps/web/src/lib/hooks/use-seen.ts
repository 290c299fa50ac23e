import { type RefObject, useEffect, useState } from 'react';

/**
 * True once the element has come into view (or near it, by `rootMargin`), and from then on; true
 * at once where the browser cannot tell (no IntersectionObserver) or when `enabled` is false.
 * What a page shows below the fold waits for it, so the first load does not pay for it.
 */
export function useSeen(
  ref: RefObject<Element | null>,
  {
    threshold = 0,
    rootMargin = '0px',
    enabled = true,
  }: IntersectionObserverInit & { enabled?: boolean } = {},
): boolean {
  const [seen, setSeen] = useState(() => !enabled || typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const node = ref.current;
    if (seen || !node) return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setSeen(true);
          io.disconnect();
        }
      },
      { threshold, rootMargin },
    );
    io.observe(node);
    return () => io.disconnect();
  }, [seen, ref, threshold, rootMargin]);
  return seen;
}
