import type { GameItem } from '@aurum/contract';
import { useModal } from '../../components/ui';
import type { GameLaunchParams } from '../modals/modal-ids';
import { useSession } from '../session/session-store';
import { openGameWindow } from './launch-window';

/** What the launch modal needs of a catalogue game. */
export const launchParamsOf = (game: GameItem): GameLaunchParams => ({
  vassalage: game.vassalage,
  gameType: game.gameType,
  name: game.name,
  icon: game.icon,
  gameCode: game.gameCode,
  freePlay: game.freePlay,
});

/**
 * Starts a game from a click. A member's game window opens right here, inside the click, so no
 * popup blocker stops it; the launch modal then launches into it and tells what went wrong, if
 * anything. Visitors and trial accounts get the modal alone (log in, or play for free).
 */
export function useLaunchGame() {
  const modal = useModal();
  const { token, isTrial } = useSession();
  return (game: GameLaunchParams) => {
    // One launch at a time: a window opened now would have no launch to point it at.
    if (modal.isOpen('gameLaunch')) return;
    const member = token !== null && !isTrial;
    modal.open('gameLaunch', member ? { ...game, target: openGameWindow() } : game);
  };
}
