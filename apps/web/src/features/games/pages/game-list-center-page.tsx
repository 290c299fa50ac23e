import type { GameType, VendorCard } from '@aurum/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Button, ButtonLink, EmptyState, Icon, Img } from '../../../components/ui';
import { GAME_TYPES } from '../../../lib/contract';
import { allVendors, answersType } from '../../../lib/games';
import { useLaunchGame } from '../../../lib/games/use-launch-game';
import { Paginator } from '../../../lib/paging/paginator';
import { paths } from '../../../lib/routes/paths';
import { useGameMenus } from '../../../lib/site';
import { useGameList } from '../api/game-list';
import { GameGrid } from '../components/game-grid';
import { LoadFailure } from '../components/lobby';
import styles from './game-list-center.module.css';
import pages from './pages.module.css';

const toGameType = (v: string | undefined): GameType | null => {
  const upper = (v ?? '').toUpperCase();
  return (GAME_TYPES as readonly string[]).includes(upper) ? (upper as GameType) : null;
};

/**
 * The named route gameListCenter: /gameListCenter/:vassalage/:gameType (both lower case): the
 * vendor's lobby button and its games (GET /lgw/games/list by vassalage).
 */
export default function GameListCenterPage() {
  const { t } = useTranslation();
  const launch = useLaunchGame();
  const params = useParams();
  const { menus, status } = useGameMenus();
  const gameType = toGameType(params.gameType);
  const vendor = useMemo(
    () =>
      allVendors(menus).find(
        (v) =>
          v.vassalage.toLowerCase() === (params.vassalage ?? '').toLowerCase() &&
          (!gameType || answersType(gameType, v.gameType)),
      ),
    [menus, params.vassalage, gameType],
  );

  if (!vendor) {
    if (status === 'pending') return <div className={pages.page} aria-busy="true" />;
    return (
      <div className={pages.page} data-page="game-list">
        <EmptyState
          title={t('games.vendorNotFound')}
          text={t('games.vendorNotFoundText')}
          action={<ButtonLink to={paths.rng}>{t('games.browseSlots')}</ButtonLink>}
        />
      </div>
    );
  }

  const start = () =>
    launch({ vassalage: vendor.vassalage, gameType: vendor.gameType, name: vendor.name, icon: vendor.icon });
  const title = t('games.gameListTitle', {
    vendor: vendor.name,
    category: t(`categories.${vendor.gameType}`),
  });
  return (
    <div className={pages.page} data-page="game-list" data-vendor={vendor.vassalage}>
      <header className={styles.head}>
        <div className={styles.logo}>
          <Img src={vendor.icon} alt="" ratio={16 / 9} fit="contain" lazy={false} />
        </div>
        <div className={styles.copy}>
          <h1>{title}</h1>
          <Button size="lg" onClick={start}>
            <Icon name="play" size={16} />
            {t('common.startGame')}
          </Button>
        </div>
      </header>
      <VendorGames vendor={vendor} label={title} />
    </div>
  );
}

function VendorGames({ vendor, label }: { vendor: VendorCard; label: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const list = useGameList({ vassalage: vendor.vassalage, page });
  if (list.isError) return <LoadFailure error={list.error} onRetry={() => void list.refetch()} />;
  return (
    <section aria-label={label} className={pages.page}>
      <GameGrid
        games={list.data?.content}
        stale={list.isPlaceholderData}
        label={label}
        empty={<EmptyState title={t('games.gameListEmpty')} text={t('games.gameListEmptyText')} />}
      />
      {list.data ? (
        <Paginator
          page={list.data.pageNum}
          totalPages={list.data.totalPages}
          onChange={setPage}
          label={label}
        />
      ) : null}
    </section>
  );
}
