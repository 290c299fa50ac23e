import type { RouteValue } from '@aurum/contract';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';
import { useSessionToken } from '../../../lib/session/session-store';

export type FavouriteIds = RouteValue<'favouriteIds'>;

/** Everything favourites-related shares this root, so a change can reach it all at once. */
export const favouritesRootKey = ['games', 'favourites'] as const;
export const favouriteIdsKey = (token: string | null) => [...favouritesRootKey, 'ids', token] as const;
export const FAVOURITES_STALE_MS = 60_000;

/**
 * GET /lgw/games/favourites/ids: which games carry the member's star. Only with a session
 * (spec §6: favourite calls run only when logged in).
 */
export function useFavouriteIds() {
  const token = useSessionToken();
  return useQuery({
    queryKey: favouriteIdsKey(token),
    queryFn: ({ signal }) => apiCall('favouriteIds', { signal }),
    enabled: token !== null,
    staleTime: FAVOURITES_STALE_MS,
  });
}
