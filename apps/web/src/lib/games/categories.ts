import type { GameMenu, GameType, VendorCard } from '@aurum/contract';
import { GAME_TYPES } from '../contract';

/** Spec §2: category paths and the game type each one shows. */
export const CATEGORY_PATH_TYPES = {
  sports: 'SPORTS',
  esports: 'ESPORTS',
  live: 'LIVE',
  lott: 'LOTT',
  elott: 'ELOTT',
  fish: 'FISH',
  pvp: 'PVP',
  rng: 'RNG',
  cockfight: 'COCKFIGHT',
  inHouse: 'RNG',
} as const satisfies Record<string, GameType>;
export type CategoryPath = keyof typeof CATEGORY_PATH_TYPES;

/** The category centres that share one page (header + footer); /rng, /inHouse and /cockfight have their own. */
export const CATEGORY_CENTRE_PATHS = ['live', 'fish', 'pvp', 'sports', 'esports', 'lott', 'elott'] as const;

export function gameTypeForPath(path: string): GameType | null {
  const segment = path.replace(/^\/+|\/+$/g, '').split('/')[0] ?? '';
  return Object.hasOwn(CATEGORY_PATH_TYPES, segment) ? CATEGORY_PATH_TYPES[segment as CategoryPath] : null;
}

const TYPE_PATHS: Record<GameType, string> = {
  RNG: '/rng',
  FISH: '/fish',
  PVP: '/pvp',
  LIVE: '/live',
  LOTT: '/lott',
  ELOTT: '/elott',
  SPORTS: '/sports',
  ESPORTS: '/esports',
  COCKFIGHT: '/cockfight',
  INHOUSE: '/inHouse',
};

export const pathForGameType = (type: GameType): string => TYPE_PATHS[type];

const isKnownType = (title: string): title is GameType => (GAME_TYPES as readonly string[]).includes(title);

export interface NavCategory {
  type: GameType;
  path: string;
  vendors: readonly VendorCard[];
}

/** Header categories: the server's order, known types only, and only those with vendors. */
export function navCategories(menus: readonly GameMenu[]): NavCategory[] {
  const seen = new Set<GameType>();
  const out: NavCategory[] = [];
  for (const m of menus) {
    if (!isKnownType(m.title) || m.vendors.length === 0 || seen.has(m.title)) continue;
    seen.add(m.title);
    out.push({ type: m.title, path: pathForGameType(m.title), vendors: m.vendors });
  }
  return out;
}

/** Spec §9: the hot-category order. */
export const HOT_CATEGORY_ORDER = ['RNG', 'FISH', 'PVP', 'LIVE', 'LOTT', 'SPORTS', 'ESPORTS'] as const;
export type HotCategory = (typeof HOT_CATEGORY_ORDER)[number];

export function hotCategories(menus: readonly GameMenu[]): HotCategory[] {
  const withVendors = new Set(navCategories(menus).map((c) => c.type));
  return HOT_CATEGORY_ORDER.filter((t) => withVendors.has(t));
}

/**
 * The in-house lottery's cards (config/vendors.json): AURLT in LOTT and TCG_LOTTO_VN (the VN
 * e-lottery) in ELOTT. Their games are the lottery pages' own (features/lottery), not catalogue
 * games launched in a game window.
 */
export const LOTTERY_VENDOR = 'AURLT';
export const LOTTERY_VN_VENDOR = 'TCG_LOTTO_VN';

export const isLotteryVendor = (v: Pick<VendorCard, 'vassalage'>): boolean =>
  v.vassalage === LOTTERY_VENDOR || v.vassalage === LOTTERY_VN_VENDOR;

/** The site's prize modes (§3 Brand config prizeModes). */
export type PrizeMode = 'LOTT' | 'ZY' | 'ELOTT' | 'SEA';

/** §4: the card codes whose presence in the ELOTT category makes the prize mode ELOTT. */
export const ELOTT_CARD_CODES: readonly string[] = [LOTTERY_VN_VENDOR, 'LOTT'];

/** Spec §4 Prize mode: ELOTT when the ELOTT category holds a TCG_LOTTO_VN or LOTT card, else LOTT. */
export function lotteryPrizeMode(menus: readonly GameMenu[]): 'ELOTT' | 'LOTT' {
  return vendorsOf(menus, 'ELOTT').some((v) => ELOTT_CARD_CODES.includes(v.vassalage)) ? 'ELOTT' : 'LOTT';
}

/** The prize mode a lottery card of the in-house lottery launches: its category's. */
export const lotteryModeOfCard = (v: Pick<VendorCard, 'gameType'>, menus: readonly GameMenu[]): PrizeMode =>
  v.gameType === 'ELOTT' ? lotteryPrizeMode(menus) : 'LOTT';

/**
 * Whether a vendor card has games that play (the server counts them; a card without the count
 * is taken at its word). Cards, lobbies and launches are offered only for these. The in-house
 * lottery plays on its own pages, whatever the catalogue counts.
 */
export const hasGames = (v: VendorCard): boolean =>
  v.games === undefined || v.games > 0 || isLotteryVendor(v);

/** Whether a vendor of `category` answers a page of `type`: RNG also takes in-house vendors. */
export const answersType = (type: GameType, category: GameType): boolean =>
  category === type || (type === 'RNG' && category === 'INHOUSE');

export function vendorsOf(menus: readonly GameMenu[], type: GameType): VendorCard[] {
  return menus.filter((m) => m.title === type).flatMap((m) => m.vendors);
}

/** Every vendor once, in menu order (footer marks). */
export function allVendors(menus: readonly GameMenu[]): VendorCard[] {
  const byCode = new Map<string, VendorCard>();
  for (const v of menus.flatMap((m) => m.vendors)) if (!byCode.has(v.vassalage)) byCode.set(v.vassalage, v);
  return [...byCode.values()];
}

/** /inHouse: the INHOUSE category when the server splits it out, else RNG vendors the brand lists as in-house. */
export function inHouseVendors(menus: readonly GameMenu[], inHouse: readonly string[]): VendorCard[] {
  const own = vendorsOf(menus, 'INHOUSE');
  if (own.length > 0) return own;
  const codes = new Set(inHouse.map((c) => c.toUpperCase()));
  return allVendors(menus).filter((v) => codes.has(v.vassalage.toUpperCase()));
}

/** The media file name of a category icon or tile. */
export const categoryArt = (type: GameType | 'HOME' | 'HOT' | 'PROMO') => type.toLowerCase();
