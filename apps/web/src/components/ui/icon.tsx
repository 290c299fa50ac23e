import type { SVGProps } from 'react';

/** UI glyphs drawn on a 24 px grid with a 2 px stroke in currentColor. */
const PATHS = {
  close: 'M6 6l12 12M18 6L6 18',
  menu: 'M4 7h16M4 12h16M4 17h16',
  'chevron-down': 'M6 9l6 6 6-6',
  'chevron-left': 'M15 6l-6 6 6 6',
  'chevron-right': 'M9 6l6 6-6 6',
  eye: 'M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12zM12 15a3 3 0 100-6 3 3 0 000 6z',
  'eye-off':
    'M3 3l18 18M10.6 5.1A10.8 10.8 0 0112 5c6.4 0 10 7 10 7a17.6 17.6 0 01-3.2 4.2M6.6 6.6C3.8 8.4 2 12 2 12s3.6 7 10 7c1.6 0 3-.4 4.3-1M9.9 9.9a3 3 0 004.2 4.2',
  sun: 'M12 17a5 5 0 100-10 5 5 0 000 10zM12 1.5v2M12 20.5v2M4.6 4.6l1.4 1.4M18 18l1.4 1.4M1.5 12h2M20.5 12h2M4.6 19.4L6 18M18 6l1.4-1.4',
  moon: 'M20.5 14.5A8.5 8.5 0 019.5 3.5a8.5 8.5 0 1011 11z',
  globe:
    'M12 22a10 10 0 100-20 10 10 0 000 20zM2 12h20M12 2c2.6 2.7 4 6.3 4 10s-1.4 7.3-4 10c-2.6-2.7-4-6.3-4-10s1.4-7.3 4-10z',
  headset:
    'M4 14v-2a8 8 0 0116 0v2M4 14a2 2 0 012-2h1v7H6a2 2 0 01-2-2v-3zM20 14a2 2 0 00-2-2h-1v7h1a2 2 0 002-2v-3zM17 19c0 1.5-2 2.5-5 2.5',
  gift: 'M3 8h18v4H3zM5 12v9h14v-9M12 8v13M12 8S10.5 3 8 3a2.5 2.5 0 000 5h4zM12 8s1.5-5 4-5a2.5 2.5 0 010 5h-4z',
  download: 'M12 3v12M7 10l5 5 5-5M4 19h16',
  help: 'M12 22a10 10 0 100-20 10 10 0 000 20zM9.1 9a3 3 0 015.8 1c0 2-3 3-3 3M12 17h.01',
  user: 'M20 21a8 8 0 00-16 0M12 13a5 5 0 100-10 5 5 0 000 10z',
  play: 'M7 4.5v15l13-7.5z',
  pause: 'M7 4h3v16H7zM14 4h3v16h-3z',
  external: 'M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 01-1 1H5a1 1 0 01-1-1V7a1 1 0 011-1h5',
  alert: 'M12 3l10 18H2L12 3zM12 10v5M12 18h.01',
  refresh: 'M20 11a8 8 0 10-2.3 5.7M20 4v7h-7',
  lock: 'M5 11h14v10H5zM8 11V7a4 4 0 018 0v4',
  mail: 'M3 5h18v14H3zM3 6l9 7 9-7',
  phone: 'M7 2h10a1 1 0 011 1v18a1 1 0 01-1 1H7a1 1 0 01-1-1V3a1 1 0 011-1zM11 18h2',
  star: 'M12 3l2.8 5.8 6.2.9-4.5 4.4 1 6.2L12 17.4l-5.5 2.9 1-6.2L3 9.7l6.2-.9z',
  sidebar: 'M3 4h18v16H3zM9 4v16',
  grid: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z',
  check: 'M5 12l5 5 9-10',
  logout: 'M15 4h4a1 1 0 011 1v14a1 1 0 01-1 1h-4M10 17l-5-5 5-5M5 12h11',
  qr: 'M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h2v2h-2zM18 14h2v2h-2zM14 18h2v2h-2zM18 18h2v2h-2z',
} as const;

export type IconName = keyof typeof PATHS;

/**
 * A kit glyph by `name`, or a glyph drawn the same way whose `path` lives with the lazily loaded
 * code that uses it (the money pages' `lib/money/glyphs.ts`), so it stays out of the base chunk.
 */
type IconProps = Omit<SVGProps<SVGSVGElement>, 'name' | 'path'> & { size?: number } & (
    | { name: IconName; path?: never }
    | { path: string; name?: never }
  );

/** Decorative by default; give the control around it the accessible name. */
export function Icon({ name, path, size = 20, ...rest }: IconProps) {
  const filled = name === 'play' || name === 'pause';
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill={filled ? 'currentColor' : 'none'}
      stroke={filled ? 'none' : 'currentColor'}
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      <path d={name ? PATHS[name] : path} />
    </svg>
  );
}
