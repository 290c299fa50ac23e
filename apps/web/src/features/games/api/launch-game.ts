import type { RouteQuery } from '@aurum/contract';
import { apiCall } from '../../../lib/api';
import { getRequestLanguage } from '../../../lib/api/request-context';
import { pickLaunchCdn, withCdn } from '../../../lib/cdn';
import type { GameLaunchParams } from '../../../lib/modals/modal-ids';

/**
 * The launch query of a game, or of a vendor's lobby when no game is named (api-notes:
 * launchMode, vassalage, gameId, language).
 */
export const launchQuery = (
  game: Pick<GameLaunchParams, 'vassalage' | 'gameCode'>,
): RouteQuery<'launchGame'> => ({
  launchMode: game.gameCode ? 'GAME' : 'LOBBY',
  vassalage: game.vassalage,
  ...(game.gameCode ? { gameId: game.gameCode } : {}),
  language: getRequestLanguage(),
});

/** The game URL through a launch CDN picked afresh for each launch (spec §9). */
export const viaLaunchCdn = (gameUrl: string) => withCdn(gameUrl, pickLaunchCdn());

/** GET /wps/game/launchGame: a real-money launch; resolves the URL to open (`value.content.game_url`). */
export const launchGame = (game: Pick<GameLaunchParams, 'vassalage' | 'gameCode'>) =>
  apiCall('launchGame', { query: launchQuery(game) }).then((v) => viaLaunchCdn(v.content.game_url));
