import { useEffect, useRef, useState } from 'react';
import styles from './dialing-code-picker.module.css';

// Each flag (country-flag-icons, 3:2 SVG) is its own tiny chunk, fetched when it scrolls into view.
const FLAGS = import.meta.glob<string>(
  '../../../../../../../node_modules/country-flag-icons/string/3x2/*.js',
  {
    import: 'default',
  },
);
const byCode = new Map(
  Object.entries(FLAGS).map(([path, load]) => [/([A-Z]{2})\.js$/.exec(path)?.[1] ?? '', load]),
);
const loaded = new Map<string, string>();

export const hasFlag = (code: string) => byCode.has(code.toUpperCase());

function loadFlag(code: string): Promise<string> | null {
  const load = byCode.get(code);
  if (!load) return null;
  return load().then((svg) => {
    const url = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
    loaded.set(code, url);
    return url;
  });
}

/** A country's flag by its ISO code (spec §2: flags are images by country code); decorative. */
export function Flag({ code }: { code: string }) {
  const upper = code.toUpperCase();
  const [url, setUrl] = useState(() => loaded.get(upper) ?? null);
  const box = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (url) return;
    let live = true;
    const show = () =>
      void loadFlag(upper)?.then((u) => {
        if (live) setUrl(u);
      });
    const node = box.current;
    if (!node || typeof IntersectionObserver === 'undefined') {
      show();
      return () => {
        live = false;
      };
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        observer.disconnect();
        show();
      }
    });
    observer.observe(node);
    return () => {
      live = false;
      observer.disconnect();
    };
  }, [upper, url]);
  return (
    <span ref={box} className={styles.flag} aria-hidden="true">
      {url ? <img src={url} alt="" width={24} height={16} /> : null}
    </span>
  );
}
