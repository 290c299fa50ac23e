import type { GameItem } from '@aurum/contract';
import { Icon, Img } from '../../../components/ui';
import { useGamesTexts } from '../../../lib/games/texts';
import { launchParamsOf, useLaunchGame } from '../../../lib/games/use-launch-game';
import { useFeature } from '../../../lib/site';
import { useFavourite } from '../hooks/use-favourite';
import styles from './game-tile.module.css';

interface GameTileProps {
  game: GameItem;
  /** Plays it some other way than the launch modal (suggestions inside that modal relaunch there). */
  onPlay?: (game: GameItem) => void;
  /** Load the art at once (tiles in the first screenful). */
  eager?: boolean;
}

/**
 * A game as every grid shows it (DESIGN: 1:1 art with rounded corners, name and vendor under it,
 * a favourite star, a lift and a play button on hover). The art falls back to the default game
 * image when it fails (spec §8). The star sits beside the play button, never inside it.
 */
export function GameTile({ game, onPlay, eager }: GameTileProps) {
  const { t } = useGamesTexts();
  const launch = useLaunchGame();
  const favourites = useFeature('GAMELOFAV3');
  const play = () => (onPlay ? onPlay(game) : launch(launchParamsOf(game)));
  return (
    <li className={styles.tile} data-game={game.nodeId}>
      <button
        type="button"
        className={styles.play}
        onClick={play}
        aria-label={t('tile.play', { name: game.name, vendor: game.vendorName })}
      >
        <span className={styles.artBox}>
          <Img src={game.icon} alt="" ratio={1} fallback="game" lazy={!eager} className={styles.art} />
          <span className={styles.overlay} aria-hidden="true">
            <span className={styles.playBadge}>
              <Icon name="play" size={22} />
            </span>
          </span>
        </span>
        <span className={styles.name}>{game.name}</span>
        <span className={styles.vendor}>{game.vendorName}</span>
      </button>
      {game.maintenance ? <span className={styles.badge}>{t('tile.maintenance')}</span> : null}
      {favourites ? <FavouriteStar game={game} /> : null}
    </li>
  );
}

function FavouriteStar({ game }: { game: GameItem }) {
  const { t } = useGamesTexts();
  const { starred, toggle } = useFavourite(game);
  return (
    <button
      type="button"
      className={styles.star}
      aria-pressed={starred}
      aria-label={t('tile.favourite', { name: game.name })}
      onClick={toggle}
      data-favourite={starred}
    >
      <Icon name="star" size={18} fill={starred ? 'currentColor' : 'none'} />
    </button>
  );
}

/** The same footprint while games load, so nothing jumps (DESIGN: skeletons of the same size). */
export function GameTileSkeleton() {
  return (
    <li className={styles.skeleton} aria-hidden="true">
      <span className={styles.skeletonArt} />
      <span className={styles.skeletonLine} />
      <span className={styles.skeletonLineShort} />
    </li>
  );
}
