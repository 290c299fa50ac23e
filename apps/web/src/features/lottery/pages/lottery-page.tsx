import type { ReactNode } from 'react';
import { Button, EmptyState, PageHeader } from '../../../components/ui';
import { useLotteryTexts } from '../../../lib/lottery/texts';
import { useLotteryMenu } from '../api/game-menu';
import { GameList } from '../components/game-list';
import { GameView } from '../components/game-view';
import { type LotteryRoute, routeLists } from '../model/families';
import styles from './lottery-page.module.css';

interface LotteryPageProps {
  route: LotteryRoute;
  gameCode: string | null;
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
 * /lottery, /seaLottery, /vnLottery: the in-house lottery. The route's games by family; the one
 * `?gameCode=` names is played here (issue, countdown, play area, slip, results, my bets).
 */
export function LotteryPage({ route, gameCode, vendors, art }: LotteryPageProps) {
  const { t } = useLotteryTexts();
  const menu = useLotteryMenu();
  const games = (menu.data?.games ?? []).filter((g) => routeLists(route, g));
  const game = gameCode ? games.find((g) => g.gameCode === gameCode) : undefined;
  return (
    <div className={styles.page} data-page="lottery" data-game-code={gameCode ?? undefined}>
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
          {game ? <GameView key={game.gameCode} game={game} offsetMs={menu.data.offsetMs} /> : null}
          {games.length > 0 ? (
            <GameList games={games} route={route} selected={game?.gameCode ?? null} />
          ) : (
            <EmptyState title={t('list.emptyTitle')} text={t('list.emptyText')} headingLevel={2} />
          )}
        </>
      )}
      {vendors(menu.data && gameCode && !game ? gameCode : undefined)}
    </div>
  );
}
