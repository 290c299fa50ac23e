import type { RouteQuery } from '@aurum/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../../lib/api';

/** Games per page in every game grid (4, 6 and 8 columns divide it). */
export const GAMES_PAGE_SIZE = 24;
/** The catalogue changes only when the operator edits it. */
export const GAME_LIST_STALE_MS = 60_000;

export const gameListKey = ['games', 'list'] as const;

export type GameListQuery = Omit<RouteQuery<'gameList'>, 'size'>;

/**
 * GET /lgw/games/list: games by vendor, category, classify type or tag, with a name search and
 * paging. Null asks for nothing (another source is showing). The rows shown stay while the next
 * page or filter loads, so the grid does not jump.
 */
export function useGameList(query: GameListQuery | null) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...gameListKey, i18n.language, query],
    queryFn: ({ signal }) => apiCall('gameList', { query: { ...query, size: GAMES_PAGE_SIZE }, signal }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
    staleTime: GAME_LIST_STALE_MS,
  });
}
