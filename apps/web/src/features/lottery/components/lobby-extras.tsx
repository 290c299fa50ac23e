import { Link } from 'react-router';
import { useLotteryTexts } from '../../../lib/lottery/texts';
import type { LotteryMenuGame } from '../api/game-menu';
import type { LotteryOpened } from '../api/opened';
import { DrawNumbers } from './draw-numbers';
import styles from './lobby-extras.module.css';

const gameHref = (gameCode: string) => ({ search: `?gameCode=${encodeURIComponent(gameCode)}` });

/** The member's recent lottery games of the page's prize mode (the recent call), as quick links. */
export function RecentGames({ games }: { games: readonly Pick<LotteryMenuGame, 'gameCode' | 'name'>[] }) {
  const { t } = useLotteryTexts();
  if (games.length === 0) return null;
  return (
    <section className={styles.recent} aria-labelledby="lottery-recent-heading" data-lottery-recent="true">
      <h2 id="lottery-recent-heading" className={styles.heading}>
        {t('lobby.recent')}
      </h2>
      <ul className={styles.chips}>
        {games.map((g) => (
          <li key={g.gameCode}>
            <Link to={gameHref(g.gameCode)} className={styles.chip} data-recent-game={g.gameCode}>
              {g.name}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

interface LatestDrawsProps {
  opened: LotteryOpened | undefined;
  /** The page's games: a draw is listed under its game's name, and only for these. */
  games: readonly Pick<LotteryMenuGame, 'gameCode' | 'name'>[];
}

/**
 * The opened numeros (GET /lgw/vn/numeros/opened): the newest draw of each of the page's games,
 * with a link that opens the game. Shown on the list, before a game is chosen.
 */
export function LatestDraws({ opened, games }: LatestDrawsProps) {
  const { t } = useLotteryTexts();
  const names = new Map(games.map((g) => [g.gameCode, g.name]));
  const draws = (opened?.results ?? []).filter((r) => names.has(r.gameCode));
  if (draws.length === 0) return null;
  return (
    <section className={styles.latest} aria-labelledby="lottery-latest-heading" data-lottery-latest="true">
      <h2 id="lottery-latest-heading" className={styles.heading}>
        {t('lobby.latest')}
      </h2>
      <ul className={styles.draws}>
        {draws.map((r) => (
          <li key={r.gameCode} className={styles.draw} data-latest-draw={r.gameCode}>
            <Link to={gameHref(r.gameCode)} className={styles.game}>
              {names.get(r.gameCode)}
            </Link>
            <span className={styles.issue}>{t('results.issue', { issueNo: r.issueNo })}</span>
            <DrawNumbers result={r.result} size="compact" />
          </li>
        ))}
      </ul>
      <p className={styles.house}>{t('results.house')}</p>
    </section>
  );
}
