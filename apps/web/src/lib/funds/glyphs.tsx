/** Glyphs the UI kit's icon set lacks, drawn the same way (24 px grid, 2 px stroke, decorative). */
const GLYPHS = {
  info: 'M12 22a10 10 0 100-20 10 10 0 000 20zM12 11v6M12 7.5h.01',
  /** Left-right arrows: swap the two wallets. */
  swap: 'M7 7h13M16 3l4 4-4 4M17 17H4M8 13l-4 4 4 4',
  /** Down-left into a tray: everything back to the main wallet. */
  collect: 'M12 3v10M8 9l4 4 4-4M4 15v4a1 1 0 001 1h14a1 1 0 001-1v-4',
} as const;

export function Glyph({ name, size = 18 }: { name: keyof typeof GLYPHS; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={GLYPHS[name]} />
    </svg>
  );
}
