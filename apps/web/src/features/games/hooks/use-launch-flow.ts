import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { openGameWindow, pointWindowAt } from '../../../lib/games/launch-window';
import type { GameLaunchParams } from '../../../lib/modals/modal-ids';
import { launchFreePlay } from '../api/launch-free-play';
import { launchGame } from '../api/launch-game';
import { recentGamesKey } from '../api/recent-games';
import { type LaunchFailure, launchFailure } from '../model/launch-failure';

/** real: the member's wallet; free: a trial account's play money (free play). */
export type LaunchMode = 'real' | 'free';

export type LaunchState =
  | { phase: 'idle' }
  | { phase: 'launching' }
  /** Launched without a window (not from a click): one more click opens it. */
  | { phase: 'ready'; url: string }
  /** The browser blocked the window; url is known when the launch itself succeeded. */
  | { phase: 'blocked'; url: string | null; mode: LaunchMode }
  | { phase: 'failed'; failure: LaunchFailure; mode: LaunchMode };

/**
 * The launch as a small state machine: launch (GET /wps/game/launchGame, or its free-play
 * twin), then point the window opened on the click at the game and report `onOpened`; a blocked
 * window asks to allow popups; a failure closes the empty window and says why.
 */
export function useLaunchFlow(onOpened: () => void) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<LaunchState>({ phase: 'idle' });

  const run = useCallback(
    async (game: GameLaunchParams, target: Window | null | undefined, mode: LaunchMode) => {
      if (target === null) {
        setState({ phase: 'blocked', url: null, mode });
        return;
      }
      setState({ phase: 'launching' });
      try {
        const url = await (mode === 'free' ? launchFreePlay(game) : launchGame(game));
        void queryClient.invalidateQueries({ queryKey: recentGamesKey });
        if (target) {
          pointWindowAt(target, url);
          onOpened();
        } else {
          setState({ phase: 'ready', url });
        }
      } catch (error) {
        target?.close();
        setState({ phase: 'failed', failure: launchFailure(error), mode });
      }
    },
    [queryClient, onOpened],
  );

  /** From a click: the window opens now, inside the click, and the launch goes into it. */
  const launchFromClick = (game: GameLaunchParams, mode: LaunchMode) => run(game, openGameWindow(), mode);

  /** From a click: opens a game that is launched already. */
  const open = (url: string, mode: LaunchMode) => {
    if (openGameWindow(url)) onOpened();
    else setState({ phase: 'blocked', url, mode });
  };

  return { state, setState, run, launchFromClick, open };
}
