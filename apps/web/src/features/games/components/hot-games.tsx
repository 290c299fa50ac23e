import { useId } from 'react';
import { Button, EmptyState, Icon } from '../../../components/ui';
import { useGamesTexts } from '../../../lib/games/texts';
import { useHotGames } from '../api/hot-games';
import { GameGrid } from './game-grid';
import { LoadFailure } from './lobby';
import styles from './sections.module.css';

/**
 * The hot games list (/hot). It comes from the session's copy until the visitor asks for a
 * refresh (spec §4 Caching), hence the refresh button. Absent while GAMELOHOT3 is off.
 */
export function HotGames() {
  const { t } = useGamesTexts();
  const headingId = useId();
  const hot = useHotGames();
  if (!hot.enabled) return null;
  return (
    <section className={styles.section} aria-labelledby={headingId} data-hot-games="true">
      <div className={styles.head}>
        <h2 id={headingId}>{t('hot.title')}</h2>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => void hot.refetch()}
          busy={hot.isFetching}
          disabled={hot.isFetching}
          data-action="refresh-hot"
        >
          <Icon name="refresh" size={16} />
          {t('refresh')}
        </Button>
      </div>
      {hot.isError && !hot.data ? (
        <LoadFailure error={hot.error} onRetry={() => void hot.refetch()} />
      ) : (
        <GameGrid
          games={hot.data?.list}
          stale={hot.isFetching && hot.data !== undefined}
          label={t('hot.title')}
          empty={
            <EmptyState headingLevel={3} icon="grid" title={t('hot.emptyTitle')} text={t('hot.emptyText')} />
          }
        />
      )}
    </section>
  );
}
