import type { GameItem } from '@aurum/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';
import { useSessionToken } from '../../../lib/session/session-store';
import { type FavouriteIds, favouriteIdsKey } from './favourite-ids';
import { type FavouritesPage, favouritesListKey } from './favourites';

/**
 * DELETE /lgw/games/favourites?nodeId=, optimistic (spec §4 Favourites): the star goes out and
 * the game leaves the favourites list at once; both come back if the server refuses.
 */
export function useRemoveFavourite() {
  const queryClient = useQueryClient();
  const token = useSessionToken();
  const key = favouriteIdsKey(token);
  return useMutation({
    mutationKey: ['games', 'favourites', 'remove'],
    mutationFn: (game: GameItem) => apiCall('favouriteRemove', { query: { nodeId: game.nodeId } }),
    onMutate: async (game) => {
      await Promise.all([
        queryClient.cancelQueries({ queryKey: key }),
        queryClient.cancelQueries({ queryKey: favouritesListKey }),
      ]);
      const ids = queryClient.getQueryData<FavouriteIds>(key);
      const pages = queryClient.getQueriesData<FavouritesPage>({ queryKey: favouritesListKey });
      queryClient.setQueryData<FavouriteIds>(key, {
        nodeIds: (ids?.nodeIds ?? []).filter((id) => id !== game.nodeId),
      });
      queryClient.setQueriesData<FavouritesPage>({ queryKey: favouritesListKey }, (page) =>
        page ? { ...page, content: page.content.filter((g) => g.nodeId !== game.nodeId) } : page,
      );
      return { ids, pages };
    },
    onError: (_error, _game, context) => {
      queryClient.setQueryData(key, context?.ids);
      for (const [pageKey, page] of context?.pages ?? []) queryClient.setQueryData(pageKey, page);
    },
    onSuccess: (ids) => queryClient.setQueryData(key, ids),
    onSettled: () => queryClient.invalidateQueries({ queryKey: favouritesListKey }),
  });
}
