import { Link } from 'react-router';
import { cx } from '../../../components/ui';
import { imageUrl } from '../../../lib/cdn';
import { useLotteryTexts } from '../../../lib/lottery/texts';
import type { LotteryMenuGame } from '../api/game-menu';
import { familyArt, gamesByFamily, type LotteryRoute } from '../model/families';
import styles from './game-list.module.css';

interface GameListProps {
  games: readonly LotteryMenuGame[];
  route: LotteryRoute;
  selected: string | null;
}

/** The route's games by family; choosing one sets `?gameCode=` (the page shows it). */
export function GameList({ games, route, selected }: GameListProps) {
  const { t } = useLotteryTexts();
  const sections = gamesByFamily(games, route);
  return (
    <nav aria-label={t('list.label')} className={styles.list} data-lottery-games="true">
      {sections.map(({ key, games: listed }) => (
        <section key={key} className={styles.family} aria-labelledby={`lottery-family-${key}`}>
          <h2 id={`lottery-family-${key}`} className={styles.heading}>
            <img className={styles.art} src={imageUrl(familyArt(key))} alt="" width={32} height={32} />
            {t(`families.${key}`)}
          </h2>
          <ul className={styles.games}>
            {listed.map((g) => (
              <li key={g.gameCode}>
                <Link
                  to={{ search: `?gameCode=${encodeURIComponent(g.gameCode)}` }}
                  className={cx(styles.game, g.gameCode === selected && styles.selected)}
                  aria-current={g.gameCode === selected ? 'page' : undefined}
                  data-lottery-game={g.gameCode}
                  preventScrollReset
                >
                  {g.name}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </nav>
  );
}
