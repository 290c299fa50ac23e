import { useEffect, useState } from 'react';

/**
 * False on the first render, true once the browser has painted it: chrome below or beside the
 * content (side menu, right bar, footer) starts loading only then, so its code never delays the
 * page's first render.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, []);
  return painted;
}
