import type { GameItem } from '@aurum/contract';
import type { ReactNode } from 'react';
import styles from './game-grid.module.css';
import { GameTile, GameTileSkeleton } from './game-tile';

interface GameGridProps {
  games: readonly GameItem[] | undefined;
  /** Names the list for assistive technology. */
  label: string;
  /** What shows when the list is loaded and holds nothing. */
  empty: ReactNode;
  /** Skeletons while nothing is loaded yet. */
  skeletons?: number;
  /** The rows shown are the previous query's, the next ones are on their way. */
  stale?: boolean;
  onPlay?: (game: GameItem) => void;
}

/** Game tiles in a grid that reflows from two columns on a 360 px phone to eight on wide screens. */
export function GameGrid({ games, label, empty, skeletons = 12, stale, onPlay }: GameGridProps) {
  if (games && games.length === 0) return <>{empty}</>;
  return (
    <ul
      className={stale ? `${styles.grid} ${styles.stale}` : styles.grid}
      aria-label={label}
      aria-busy={!games || stale || undefined}
      data-game-grid="true"
    >
      {games
        ? games.map((g, i) => <GameTile key={g.nodeId} game={g} onPlay={onPlay} eager={i < 8} />)
        : Array.from({ length: skeletons }, (_, i) => i).map((i) => <GameTileSkeleton key={i} />)}
    </ul>
  );
}
