import type { GameClassify, GameItem, Lane, Language } from '@aurum/contract';
import type { GameListQuery } from '../api/game-list';

/**
 * Spec §2 Lobby filters for slots, in the spec's order: all, recent, favourites, hot, then the
 * classify types jackpot, slot machine, scratch card, video poker, table, arcade, bingo, fishing.
 */
export const CLASSIFY_FILTERS = [
  'JP',
  'SLOT',
  'SC',
  'VP',
  'TG',
  'AC',
  'BG',
  'FISH',
] as const satisfies readonly GameClassify[];
export const LOBBY_FILTERS = ['all', 'recent', 'favourites', 'hot', ...CLASSIFY_FILTERS] as const;
export type LobbyFilter = (typeof LOBBY_FILTERS)[number];

/** The lobby's categories: slots, and the in-house games /inHouse shows in the same lobby (spec §2). */
export const LOBBY_TYPES = ['RNG', 'INHOUSE'] as const;

interface FilterContext {
  supportLanguages: readonly Language[];
  /** The recent (GAMELOREC3) and favourites (GAMELOFAV3) calls are switched on. */
  recent: boolean;
  favourites: boolean;
}

/**
 * The filters this merchant offers: bingo only when TY is a supported language (spec §3), recent
 * and favourites only when their calls are on (a call whose feature is off is refused).
 */
export function lobbyFilters({ supportLanguages, recent, favourites }: FilterContext): LobbyFilter[] {
  return LOBBY_FILTERS.filter((f) => {
    if (f === 'BG') return supportLanguages.includes('TY');
    if (f === 'recent') return recent;
    if (f === 'favourites') return favourites;
    return true;
  });
}

/** Where a filter's games come from: the catalogue list, or the member's own lists. */
export type LobbySource =
  | { kind: 'list'; query: GameListQuery }
  | { kind: 'recent' }
  | { kind: 'favourites'; page: number };

/**
 * A filter as a call: all, hot and the classify types ask the catalogue (vendor, tag or type,
 * name and page); recent and favourites are the member's lists, whatever the vendor.
 */
export function lobbySource(filter: LobbyFilter, lane: Lane, name: string, page: number): LobbySource {
  if (filter === 'recent') return { kind: 'recent' };
  if (filter === 'favourites') return { kind: 'favourites', page };
  const search = name.trim();
  return {
    kind: 'list',
    query: {
      vassalage: lane.vassalage,
      gameType: lane.gameType,
      ...(filter === 'hot' ? { tag: 'hot' as const } : filter === 'all' ? {} : { classify: filter }),
      ...(search ? { name: search } : {}),
      page,
    },
  };
}

/** The member's own lists have no server search: the name narrows what they hold. */
export function matchingName(games: readonly GameItem[], name: string): GameItem[] {
  const needle = name.trim().toLocaleLowerCase();
  return needle ? games.filter((g) => g.name.toLocaleLowerCase().includes(needle)) : [...games];
}
