import type { GameItem } from '@aurum/contract';
import { useModal } from '../../../components/ui';
import { useGamesTexts } from '../../../lib/games/texts';
import { notify } from '../../../lib/notify/notify';
import { useSession } from '../../../lib/session/session-store';
import { useAddFavourite } from '../api/favourite-add';
import { useFavouriteIds } from '../api/favourite-ids';
import { useRemoveFavourite } from '../api/favourite-remove';

/**
 * A game's star: whether it is lit, and the toggle. Visitors are asked to log in first (spec §6:
 * favourites only when logged in); a refused change is rolled back and told.
 */
export function useFavourite(game: GameItem) {
  const { t } = useGamesTexts();
  const { token } = useSession();
  const modal = useModal();
  const ids = useFavouriteIds();
  const add = useAddFavourite();
  const remove = useRemoveFavourite();
  const starred = ids.data?.nodeIds.includes(game.nodeId) ?? false;
  const failed = () => notify(t('favourites.failed'), 'warning');
  const toggle = () => {
    if (!token) {
      modal.open('login');
      return;
    }
    if (starred) remove.mutate(game, { onError: failed });
    else add.add(game, { onError: failed });
  };
  return { starred, toggle };
}
