/**
 * Which page a /play/… address is: one of the in-house games, the public verifier, or nothing.
 * The page comes from the path alone (the server sends play.html for every /play/ page path).
 */
import type { Engine } from './session/start-session';

export type PlayPage = { kind: 'game'; engine: Engine } | { kind: 'verify' } | { kind: 'unknown' };

const ENGINES: readonly Engine[] = ['slot', 'baccarat', 'dice', 'plinko'];

export function pageOf(pathname: string): PlayPage {
  const segment = pathname
    .replace(/^\/play\/?/, '')
    .replace(/\/+$/, '')
    .toLowerCase();
  if (segment === 'verify') return { kind: 'verify' };
  const engine = ENGINES.find((e) => e === segment);
  return engine ? { kind: 'game', engine } : { kind: 'unknown' };
}
