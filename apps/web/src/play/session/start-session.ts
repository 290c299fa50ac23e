/**
 * Starts a game page: with a launch token, exchanges it for a play session; without one (a
 * reload), resumes the tab's stored session and refreshes its balance. The token leaves the
 * address whatever happens, since it can never be used twice.
 */
import type { Language, PlaySession } from '@aurum/contract';
import { ApiError } from '../../lib/api/api-error';
import { playCall, setPlaySessionId } from '../api/play-api';
import { readLaunchParams, withoutToken } from './launch';
import { loadStoredSession, storeSession } from './stored-session';

export type Engine = PlaySession['game']['engine'];

/** The client's own codes for a page that cannot start. */
export const NO_SESSION = 'play.client.no.session';
export const WRONG_GAME = 'play.client.wrong.game';

export interface StartedSession {
  session: PlaySession;
  /** The address's language wins over the session's, as the lobby asked for it. */
  language: Language;
}

/** The launch token, held from the first read until a session came of it (a retry reuses it). */
let launchToken: string | null | undefined;

function takeLaunchParams() {
  const params = readLaunchParams(window.location.search);
  if (params.token) window.history.replaceState(window.history.state, '', withoutToken(window.location.href));
  if (launchToken === undefined) launchToken = params.token;
  return params;
}

async function open(engine: Engine): Promise<StartedSession> {
  const { language } = takeLaunchParams();
  let session: PlaySession;
  if (launchToken) {
    session = await playCall('session', { token: launchToken });
    launchToken = null;
  } else {
    const stored = loadStoredSession();
    if (!stored) throw new ApiError(NO_SESSION, '', 0);
    setPlaySessionId(stored.sessionId);
    const { balance } = await playCall('balance');
    session = { ...stored, balance };
  }
  if (session.game.engine !== engine) throw new ApiError(WRONG_GAME, '', 0);
  setPlaySessionId(session.sessionId);
  storeSession(session);
  return { session, language: language ?? session.language };
}

let starting: Promise<StartedSession> | null = null;

/**
 * One start per page load, however many times React mounts the page (StrictMode mounts twice);
 * a failed start may be tried again.
 */
export function startSession(engine: Engine): Promise<StartedSession> {
  starting ??= open(engine).catch((error: unknown) => {
    starting = null;
    throw error;
  });
  return starting;
}

/** For tests: forget the page load's start and token. */
export function resetStartForTests(): void {
  starting = null;
  launchToken = undefined;
}
