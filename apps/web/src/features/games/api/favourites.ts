import type { RouteValue } from '@aurum/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../../lib/api';
import { useSessionToken } from '../../../lib/session/session-store';
import { FAVOURITES_STALE_MS, favouritesRootKey } from './favourite-ids';
import { GAMES_PAGE_SIZE } from './game-list';

export type FavouritesPage = RouteValue<'favourites'>;

/** The pages of the favourites list (spec §3: content, pageNum, totalPages). */
export const favouritesListKey = [...favouritesRootKey, 'list'] as const;

/** GET /lgw/games/favourites: the member's starred games, a page at a time (members only). */
export function useFavourites(page: number | null) {
  const token = useSessionToken();
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...favouritesListKey, token, i18n.language, page],
    queryFn: ({ signal }) =>
      apiCall('favourites', { query: { page: page ?? 1, size: GAMES_PAGE_SIZE }, signal }),
    enabled: page !== null && token !== null,
    placeholderData: keepPreviousData,
    staleTime: FAVOURITES_STALE_MS,
  });
}
