import { LOTTERY_FAMILIES, type LotteryFamily, VN_LAYOUTS, type VnLayout } from '@aurum/games';

/**
 * The game list's sections: the families, VN split by layout (Miền Bắc; Miền Trung and Nam),
 * and which of them each lottery route lists (spec §2: /vnLottery the Vietnamese games,
 * /seaLottery the Southeast-Asian product, 4D with the VN games; /lottery all of them).
 */
export const FAMILY_KEYS = ['vn-mb', 'vn-mn', '4d', 'ssc', 'pk10', '11x5', 'k3', 'lhc'] as const;
export type FamilyKey = (typeof FAMILY_KEYS)[number];

export type LotteryRoute = 'all' | 'vn' | 'sea';

const ROUTE_FAMILIES: Record<LotteryRoute, readonly FamilyKey[]> = {
  all: FAMILY_KEYS,
  vn: ['vn-mb', 'vn-mn'],
  sea: ['4d', 'vn-mb', 'vn-mn'],
};

interface Listed {
  gameCode: string;
  family: string;
  layout: string | null;
}

/** A game's section: its family, or for VN its layout. */
export function familyKeyOf(game: Pick<Listed, 'family' | 'layout'>): FamilyKey | null {
  const key = game.family === 'vn' ? `vn-${game.layout ?? ''}` : game.family;
  return (FAMILY_KEYS as readonly string[]).includes(key) ? (key as FamilyKey) : null;
}

/** The games a route lists, by section in the route's order; empty sections left out. */
export function gamesByFamily<G extends Listed>(games: readonly G[], route: LotteryRoute) {
  return ROUTE_FAMILIES[route]
    .map((key) => ({ key, games: games.filter((g) => familyKeyOf(g) === key) }))
    .filter((s) => s.games.length > 0);
}

/** Whether a route lists this game. */
export const routeLists = (route: LotteryRoute, game: Pick<Listed, 'family' | 'layout'>): boolean => {
  const key = familyKeyOf(game);
  return key !== null && ROUTE_FAMILIES[route].includes(key);
};

/** The family's artwork (config/media/lottery). */
export const familyArt = (key: FamilyKey): string => `/media/lottery/${key}.svg`;

/** A menu game's family and layout as the engine names them, or null for one it does not know. */
export function engineFamilyOf(
  game: Pick<Listed, 'family' | 'layout'>,
): { family: LotteryFamily; layout: VnLayout | null } | null {
  const family = LOTTERY_FAMILIES.find((f) => f === game.family);
  if (!family) return null;
  const layout = VN_LAYOUTS.find((l) => l === game.layout) ?? null;
  return family === 'vn' && !layout ? null : { family, layout };
}
