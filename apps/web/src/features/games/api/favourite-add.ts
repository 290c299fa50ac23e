import type { GameItem } from '@aurum/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';
import { useSessionToken } from '../../../lib/session/session-store';
import { type FavouriteIds, favouriteIdsKey } from './favourite-ids';
import { favouritesListKey } from './favourites';

/**
 * POST /lgw/games/favourites, optimistic (spec §4 Favourites): the star lights at once and goes
 * out again if the server refuses; a game already starred is skipped without a call. The
 * server's answer (every starred id) then replaces the guess, and the favourites list reloads.
 */
export function useAddFavourite() {
  const queryClient = useQueryClient();
  const token = useSessionToken();
  const key = favouriteIdsKey(token);
  const mutation = useMutation({
    mutationKey: ['games', 'favourites', 'add'],
    mutationFn: (game: GameItem) => apiCall('favouriteAdd', { body: { nodeId: game.nodeId } }),
    onMutate: async (game) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<FavouriteIds>(key);
      queryClient.setQueryData<FavouriteIds>(key, {
        nodeIds: [...(before?.nodeIds ?? []), game.nodeId],
      });
      return { before };
    },
    onError: (_error, _game, context) => queryClient.setQueryData(key, context?.before),
    onSuccess: (ids) => queryClient.setQueryData(key, ids),
    onSettled: () => queryClient.invalidateQueries({ queryKey: favouritesListKey }),
  });
  return {
    ...mutation,
    add: (game: GameItem, options?: Parameters<typeof mutation.mutate>[1]) => {
      const starred = queryClient.getQueryData<FavouriteIds>(key)?.nodeIds ?? [];
      if (!starred.includes(game.nodeId)) mutation.mutate(game, options);
    },
  };
}
