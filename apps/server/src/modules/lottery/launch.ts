import type { LotteryLaunchRequest } from '@aurum/contract';
import type { LotteryConfig, PrizeMode } from '@aurum/games';
import { isMerchantDomain } from '../../platform/domains.ts';
import { AppError } from '../../platform/errors.ts';
import type { MerchantState } from '../../platform/merchants.ts';

/**
 * The lottery page that serves each prize mode (spec §2): the Southeast-Asian product on
 * /seaLottery, the VN e-lottery on /vnLottery, the rest on /lottery.
 */
export const LOTTERY_PAGES: Record<PrizeMode, string> = {
  LOTT: '/lottery',
  ZY: '/lottery',
  ELOTT: '/vnLottery',
  SEA: '/seaLottery',
};

/**
 * Whether `backUrl` is on the site's own origin: a path of this site ("/…", never "//…"), or an
 * absolute http(s) URL without credentials whose host is one of the merchant's domains or the
 * host that served the request.
 */
export function isOwnBackUrl(
  merchant: MerchantState,
  backUrl: string,
  servedHost: string | undefined,
): boolean {
  if (/^\/(?![/\\])/.test(backUrl)) return !/[\s\\]/.test(backUrl);
  if (!URL.canParse(backUrl)) return false;
  const url = new URL(backUrl);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  if (url.username !== '' || url.password !== '') return false;
  return isMerchantDomain(merchant, url.hostname, servedHost);
}

/**
 * The lottery lobby launch (api-notes.md): checks the payload against the merchant (its prize
 * modes, the mode's games, the back address) and answers the site path that opens it. `betting`
 * opens the named game, or the mode's first game; `lobby` opens the mode's game list.
 */
export function lotteryLaunch(
  merchant: MerchantState,
  config: LotteryConfig | null,
  body: LotteryLaunchRequest,
  servedHost: string | undefined,
): { url: string; gameCode: string | null } {
  if (!isOwnBackUrl(merchant, body.backUrl, servedHost)) throw new AppError('lottery.back.url.invalid');
  const mode = body.lottoPrizeMode;
  const modeConfig = config?.prizeModes.get(mode);
  if (!config || !modeConfig || !merchant.config.brand.prizeModes.includes(mode)) {
    throw new AppError('lottery.prize.mode.unavailable');
  }
  const games = config.games.filter((g) => modeConfig.families.includes(g.family));
  if (body.lottoGameCode !== undefined && !games.some((g) => g.code === body.lottoGameCode)) {
    throw new AppError('lottery.game.unknown');
  }
  const gameCode = body.lottoView === 'lobby' ? null : (body.lottoGameCode ?? games[0]?.code ?? null);
  if (body.lottoView === 'betting' && gameCode === null) throw new AppError('lottery.game.unknown');
  const query = new URLSearchParams({ prizeMode: mode });
  if (gameCode !== null) query.set('gameCode', gameCode);
  query.set('backUrl', body.backUrl);
  return { url: `${LOTTERY_PAGES[mode]}?${query}`, gameCode };
}
