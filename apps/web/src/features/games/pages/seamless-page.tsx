import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink, EmptyState, Img, PageHeader, Spinner, useModal } from '../../../components/ui';
import { useGamesTexts } from '../../../lib/games/texts';
import { launchParamsOf } from '../../../lib/games/use-launch-game';
import type { GameLaunchParams } from '../../../lib/modals/modal-ids';
import { paths } from '../../../lib/routes/paths';
import { useSession } from '../../../lib/session/session-store';
import { useFeature } from '../../../lib/site';
import { launchGame } from '../api/launch-game';
import { useRecentGames } from '../api/recent-games';
import { FailureView } from '../components/launch-views';
import { launchFailure } from '../model/launch-failure';
import styles from './seamless.module.css';

const gameKey = (g: Pick<GameLaunchParams, 'vassalage' | 'gameCode'>) => `${g.vassalage}:${g.gameCode ?? ''}`;

/**
 * /seamless: the game room (header only). A member's last launched game opens here in its
 * frame, launched afresh (a launch token is used once); the other recent games are a click
 * away. Visitors are asked to log in; without recent games the page says so and points to the
 * lobby.
 */
export default function SeamlessPage() {
  const { t } = useTranslation();
  const modal = useModal();
  const { token, isTrial } = useSession();
  const member = token !== null && !isTrial;
  const recentOn = useFeature('GAMELOREC3');
  const recent = useRecentGames(member && recentOn);
  const [chosen, setChosen] = useState<GameLaunchParams | null>(null);
  const games = (recent.data?.list ?? []).filter((g) => g.isGame === 'GAME');
  const first = games[0];
  const current = chosen ?? (first ? launchParamsOf(first) : null);

  let body: ReactNode;
  if (!member) {
    body = (
      <EmptyState
        title={t('games.seamlessEmpty')}
        text={token ? t('games.seamlessEmptyText') : t('games.seamlessSignIn')}
        art="/media/fallback/game.svg"
        action={
          token ? (
            <ButtonLink to={paths.rng}>{t('games.browseSlots')}</ButtonLink>
          ) : (
            <Button onClick={() => modal.open('login')} data-action="login">
              {t('common.logIn')}
            </Button>
          )
        }
      />
    );
  } else if (recentOn && recent.isPending) {
    body = <Spinner label={t('common.loading')} />;
  } else if (!current) {
    body = (
      <EmptyState
        title={t('games.seamlessEmpty')}
        text={t('games.seamlessEmptyText')}
        art="/media/fallback/game.svg"
        action={<ButtonLink to={paths.rng}>{t('games.browseSlots')}</ButtonLink>}
      />
    );
  } else {
    const others = games.filter((g) => gameKey(g) !== gameKey(current));
    body = (
      <>
        <GameFrame key={gameKey(current)} game={current} onSuggestion={setChosen} />
        {others.length > 0 ? (
          <section aria-labelledby="seamless-recent" className={styles.recent}>
            <h2 id="seamless-recent">{t('games.seamlessRecent')}</h2>
            <ul className={styles.list}>
              {others.map((g) => (
                <li key={gameKey(g)}>
                  <button type="button" className={styles.game} onClick={() => setChosen(launchParamsOf(g))}>
                    <Img src={g.icon} alt="" ratio={1} className={styles.icon} />
                    <span>{g.name}</span>
                  </button>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </>
    );
  }

  return (
    <div className={styles.page} data-page="seamless">
      <PageHeader title={t('games.seamlessTitle')} subtitle={t('games.seamlessText')} compact />
      {body}
    </div>
  );
}

/** One game in the room's frame: launched once when shown, its failure told as the launch modal tells it. */
function GameFrame({
  game,
  onSuggestion,
}: {
  game: GameLaunchParams;
  onSuggestion: (game: GameLaunchParams) => void;
}) {
  const { t } = useTranslation();
  const { t: tg } = useGamesTexts();
  const [dismissed, setDismissed] = useState(false);
  const launch = useQuery({
    queryKey: ['games', 'seamless', gameKey(game)],
    queryFn: () => launchGame(game),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  if (launch.isPending) {
    return (
      <div className={styles.status}>
        <Spinner label={tg('launch.starting', { name: game.name })} />
      </div>
    );
  }
  if (launch.isError) {
    if (dismissed) {
      return (
        <EmptyState
          title={t('games.seamlessEmpty')}
          text={t('games.seamlessEmptyText')}
          art="/media/fallback/game.svg"
          action={<ButtonLink to={paths.rng}>{t('games.browseSlots')}</ButtonLink>}
        />
      );
    }
    return (
      <div className={styles.failure} data-seamless="failed">
        <FailureView
          failure={launchFailure(launch.error)}
          game={game}
          close={() => setDismissed(true)}
          onRetry={() => void launch.refetch()}
          onSuggestion={onSuggestion}
          onPlayFree={undefined}
        />
      </div>
    );
  }
  return (
    <section className={styles.room} aria-label={t('games.seamlessPlaying', { name: game.name })}>
      <iframe
        className={styles.frame}
        src={launch.data}
        title={t('games.seamlessFrame', { name: game.name })}
        allow="autoplay; fullscreen"
        data-seamless-game={gameKey(game)}
      />
    </section>
  );
}
