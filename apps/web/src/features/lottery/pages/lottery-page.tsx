import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, EmptyState, Icon, PageHeader } from '../../../components/ui';
import { PageBanner } from '../../../lib/content/page-banner';
import { lotteryPrizeMode } from '../../../lib/games';
import { useLotteryTexts } from '../../../lib/lottery/texts';
import { useSession } from '../../../lib/session/session-store';
import { useBrand, useGameMenus } from '../../../lib/site';
import { useLotteryMenu } from '../api/game-menu';
import { useLotteryOpened } from '../api/opened';
import { useLotteryRecent } from '../api/recent';
import { GameList } from '../components/game-list';
import { GameView } from '../components/game-view';
import { LatestDraws, RecentGames } from '../components/lobby-extras';
import { type LotteryRoute, routeLists } from '../model/families';
import { bannerGroupOfMode, pagePrizeMode, sameOriginPath } from '../model/prize-mode';
import styles from './lottery-page.module.css';

interface LotteryPageProps {
  route: LotteryRoute;
  gameCode: string | null;
  /** A launch's `?prizeMode=` (used when the site offers it) and `?backUrl=` (this site only). */
  prizeMode?: string | null;
  backUrl?: string | null;
  /**
   * The external lottery vendors (LOTT, ELOTT), listed below as on every category page; a
   * gameCode that is none of the in-house games is theirs to start.
   */
  vendors: (gameCode: string | undefined) => ReactNode;
  /** The page's banner art. */
  art?: string;
}

const TITLES = { all: 'page.title', vn: 'page.vnTitle', sea: 'page.seaTitle' } as const;

/**
 * /lottery, /seaLottery, /vnLottery: the in-house lottery. Every call asks with the page's prize
 * mode (model/prize-mode.ts). The route's games by family, with the member's recent ones and the
 * newest draw of each; the one `?gameCode=` names is played here (issue, countdown, play area,
 * slip, results, trend, my bets).
 */
export function LotteryPage({
  route,
  gameCode,
  prizeMode: asked = null,
  backUrl = null,
  vendors,
  art,
}: LotteryPageProps) {
  const { t } = useLotteryTexts();
  const { menus } = useGameMenus();
  const brand = useBrand();
  const signedIn = useSession().token !== null;
  const mode = pagePrizeMode(route, asked, brand.prizeModes, lotteryPrizeMode(menus));
  const menu = useLotteryMenu(false, mode);
  const games = (menu.data?.games ?? []).filter((g) => routeLists(route, g));
  const game = gameCode ? games.find((g) => g.gameCode === gameCode) : undefined;
  const opened = useLotteryOpened(mode, !gameCode);
  const recent = useLotteryRecent(mode, signedIn);
  const recentGames = (recent.data?.games ?? []).filter((g) => routeLists(route, g));
  const back = sameOriginPath(backUrl, window.location.origin);
  return (
    <div
      className={styles.page}
      data-page="lottery"
      data-game-code={gameCode ?? undefined}
      data-prize-mode={mode}
    >
      {back ? (
        <Link to={back} className={styles.back} data-lottery-back="true">
          <Icon name="chevron-left" size={16} />
          {t('lobby.back')}
        </Link>
      ) : null}
      {game ? null : <PageBanner group={bannerGroupOfMode(mode)} />}
      <PageHeader
        title={t(TITLES[route])}
        subtitle={t('page.subtitle')}
        // A game being played keeps the top of the page for itself.
        art={game ? undefined : art}
        compact={game !== undefined}
      />
      {menu.isError && !menu.data ? (
        <EmptyState
          title={t('list.loadFailed')}
          headingLevel={2}
          action={<Button onClick={() => void menu.refetch()}>{t('list.retry')}</Button>}
        />
      ) : !menu.data ? (
        <div className={styles.skeleton} aria-busy="true">
          <span className="visually-hidden">{t('list.loading')}</span>
        </div>
      ) : (
        <>
          {gameCode && !game ? (
            <p className={styles.notice} role="status">
              {t('list.unknownGame', { code: gameCode })}
            </p>
          ) : null}
          {game ? (
            <GameView key={game.gameCode} game={game} offsetMs={menu.data.offsetMs} prizeMode={mode} />
          ) : null}
          <RecentGames games={recentGames} />
          {games.length > 0 ? (
            <GameList games={games} route={route} selected={game?.gameCode ?? null} />
          ) : (
            <EmptyState title={t('list.emptyTitle')} text={t('list.emptyText')} headingLevel={2} />
          )}
          {game ? null : <LatestDraws opened={opened.data} games={games} />}
        </>
      )}
      {vendors(menu.data && gameCode && !game ? gameCode : undefined)}
    </div>
  );
}
