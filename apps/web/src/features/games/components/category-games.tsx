import type { GameType } from '@aurum/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lanesWithGames, useGameLanes } from '../../../lib/games/api/game-lanes';
import { useGamesTexts } from '../../../lib/games/texts';
import { Paginator } from '../../../lib/paging/paginator';
import { useGameList } from '../api/game-list';
import { GameGrid } from './game-grid';
import { LoadFailure } from './lobby';
import styles from './sections.module.css';

/**
 * A category centre's games (/live, /fish…), below its providers: shown only when the
 * category's vendors have games in the catalogue.
 */
export function CategoryGames({ type }: { type: GameType }) {
  const { t } = useGamesTexts();
  const { t: tc } = useTranslation();
  const headingId = useId();
  const lanes = useGameLanes();
  const hasGames = lanesWithGames(lanes.data, [type]).length > 0;
  const [page, setPage] = useState(1);
  const list = useGameList(hasGames ? { gameType: type, page } : null);
  if (!hasGames) return null;
  const title = t('category.games', { category: tc(`categories.${type}`) });
  return (
    <section className={styles.section} aria-labelledby={headingId} data-category-games={type}>
      <div className={styles.head}>
        <h2 id={headingId}>{title}</h2>
      </div>
      {list.isError ? (
        <LoadFailure error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <GameGrid
          games={list.data?.content}
          stale={list.isPlaceholderData}
          label={title}
          skeletons={6}
          empty={null}
        />
      )}
      {list.data ? (
        <Paginator
          page={list.data.pageNum}
          totalPages={list.data.totalPages}
          onChange={setPage}
          label={title}
        />
      ) : null}
    </section>
  );
}
