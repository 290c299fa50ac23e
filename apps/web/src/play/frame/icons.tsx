/** The frame's small line icons (decorative: every button that shows one has its own name). */
import type { ReactNode } from 'react';

const Svg = ({ children }: { children: ReactNode }) => (
  <svg
    viewBox="0 0 24 24"
    width="20"
    height="20"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.8"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    {children}
  </svg>
);

export const SoundOffIcon = () => (
  <Svg>
    <path d="M4 9h3l5-4v14l-5-4H4z" />
    <path d="M16 9.5l5 5M21 9.5l-5 5" />
  </Svg>
);

export const SunIcon = () => (
  <Svg>
    <circle cx="12" cy="12" r="4" />
    <path d="M12 2.5v2M12 19.5v2M2.5 12h2M19.5 12h2M5.3 5.3l1.4 1.4M17.3 17.3l1.4 1.4M5.3 18.7l1.4-1.4M17.3 6.7l1.4-1.4" />
  </Svg>
);

export const MoonIcon = () => (
  <Svg>
    <path d="M20 14.5A8.5 8.5 0 0 1 9.5 4a8.5 8.5 0 1 0 10.5 10.5z" />
  </Svg>
);

export const InfoIcon = () => (
  <Svg>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 11v5.5M12 7.5v.01" />
  </Svg>
);

export const CloseIcon = () => (
  <Svg>
    <path d="M6 6l12 12M18 6L6 18" />
  </Svg>
);

export const ShieldIcon = () => (
  <Svg>
    <path d="M12 3l7.5 3v5.5c0 4.5-3.2 8.3-7.5 9.5-4.3-1.2-7.5-5-7.5-9.5V6z" />
    <path d="M8.5 12l2.5 2.5 4.5-5" />
  </Svg>
);

export const MinusIcon = () => (
  <Svg>
    <path d="M6 12h12" />
  </Svg>
);

export const PlusIcon = () => (
  <Svg>
    <path d="M12 6v12M6 12h12" />
  </Svg>
);

/** The spin button's mark: two arrows chasing round. */
export const SpinIcon = () => (
  <svg viewBox="0 0 48 48" width="40" height="40" fill="none" aria-hidden="true" focusable="false">
    <path d="M38 20a15 15 0 0 0-27-5" stroke="currentColor" strokeWidth="4.5" strokeLinecap="round" />
    <path d="M10 28a15 15 0 0 0 27 5" stroke="currentColor" strokeWidth="4.5" strokeLinecap="round" />
    <path d="M8 8v9h9" stroke="currentColor" strokeWidth="4.5" strokeLinecap="round" strokeLinejoin="round" />
    <path
      d="M40 40v-9h-9"
      stroke="currentColor"
      strokeWidth="4.5"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </svg>
);
