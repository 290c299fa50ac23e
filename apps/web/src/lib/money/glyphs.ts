/**
 * The money pages' glyphs (cashier, wallet, transfers), drawn like the UI kit's icons (24 px grid,
 * 2 px stroke in currentColor) and shown with `<Icon path={GLYPHS.bank} />`; the paths stay in
 * this lazily loaded layer rather than the kit every page loads.
 */
export const GLYPHS = {
  bank: 'M3 10h18M5 10v8M9.5 10v8M14.5 10v8M19 10v8M3 21h18M12 3l9 5H3z',
  card: 'M3 6h18v12H3zM3 10h18M7 15h4',
  wallet: 'M4 7h15a1 1 0 011 1v11a1 1 0 01-1 1H5a1 1 0 01-1-1V6a2 2 0 012-2h11v3M16 13.5h.01',
  upload: 'M12 15V4M7 9l5-5 5 5M4 17v3h16v-3',
  deposit: 'M12 4v11M7 10l5 5 5-5M5 20h14',
  withdraw: 'M12 15V4M7 9l5-5 5 5M5 20h14',
  shield: 'M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6zM9 12l2 2 4-4',
  trash: 'M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3',
  plus: 'M12 5v14M5 12h14',
  clock: 'M12 21a9 9 0 100-18 9 9 0 000 18zM12 7v5l3 2',
  info: 'M12 22a10 10 0 100-20 10 10 0 000 20zM12 11v6M12 7.5h.01',
  /** Left-right arrows: swap the two wallets. */
  swap: 'M7 7h13M16 3l4 4-4 4M17 17H4M8 13l-4 4 4 4',
  /** Down-left into a tray: everything back to the main wallet. */
  collect: 'M12 3v10M8 9l4 4 4-4M4 15v4a1 1 0 001 1h14a1 1 0 001-1v-4',
} as const;

export type GlyphName = keyof typeof GLYPHS;
