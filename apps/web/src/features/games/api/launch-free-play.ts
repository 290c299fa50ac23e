import { apiCall } from '../../../lib/api';
import type { GameLaunchParams } from '../../../lib/modals/modal-ids';
import { launchQuery, viaLaunchCdn } from './launch-game';

/**
 * GET /wps/game/launchGame/free: a trial account's play-money launch of an in-house game (the
 * checklist's free-play decision); resolves the URL to open.
 */
export const launchFreePlay = (game: Pick<GameLaunchParams, 'vassalage' | 'gameCode'>) =>
  apiCall('launchFreePlay', { query: launchQuery(game) }).then((v) => viaLaunchCdn(v.content.game_url));
