import type { PrizeMode } from '../../../lib/games';
import type { LotteryRoute } from './families';

const MODES: readonly PrizeMode[] = ['LOTT', 'ZY', 'ELOTT', 'SEA'];

/**
 * The prize mode a lottery page asks its calls with: the one its address names (a launch's
 * `?prizeMode=`) when the site offers it; else the route's: /seaLottery SEA, /vnLottery the §4
 * rule's (ELOTT or LOTT), /lottery LOTT. Undefined when the site offers none of these (every game).
 */
export function pagePrizeMode(
  route: LotteryRoute,
  asked: string | null,
  offered: readonly string[],
  rule: 'ELOTT' | 'LOTT',
): PrizeMode | undefined {
  const askedMode = MODES.find((m) => m === asked);
  if (askedMode && offered.includes(askedMode)) return askedMode;
  const own: PrizeMode = route === 'sea' ? 'SEA' : route === 'vn' ? rule : 'LOTT';
  if (offered.includes(own)) return own;
  return offered.includes('LOTT') ? 'LOTT' : undefined;
}

/** The lottery banner group (spec §2: lott, elott) of a prize mode. */
export const bannerGroupOfMode = (mode: PrizeMode | undefined): 'lott' | 'elott' =>
  mode === 'ELOTT' ? 'elott' : 'lott';

/**
 * A launch's way back (`?backUrl=`) as a path of this site, or null when it is missing or points
 * anywhere else (another origin, `//host`, a script): the page never links off the site from it.
 */
export function sameOriginPath(backUrl: string | null, origin: string): string | null {
  if (!backUrl) return null;
  if (/^\/(?![/\\])/.test(backUrl)) return /[\s\\]/.test(backUrl) ? null : backUrl;
  if (!URL.canParse(backUrl)) return null;
  const url = new URL(backUrl);
  if (url.origin !== origin || url.username !== '' || url.password !== '') return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
