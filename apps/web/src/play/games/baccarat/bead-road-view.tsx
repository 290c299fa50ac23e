/** The session's hands as a bead road: P blue, B red, T green, pair dots in the corners. */
import { useTexts } from '../../texts';
import styles from './baccarat.module.css';
import { type Bead, layBeads, ROAD_ROWS } from './bead-road';

const MIN_COLUMNS = 12;
const SIZE = 28;

export function BeadRoad({ beads }: { beads: readonly Bead[] }) {
  const texts = useTexts();
  const { placed, columns } = layBeads(beads, MIN_COLUMNS);
  const letter = {
    player: texts.baccarat.bets.player,
    banker: texts.baccarat.bets.banker,
    tie: texts.baccarat.bets.tie,
  };
  return (
    <section className={styles.road} aria-labelledby="bead-road-title">
      <h2 id="bead-road-title" className={styles.roadTitle}>
        {texts.baccarat.road}
      </h2>
      <div className={styles.roadScroll}>
        <svg
          width={columns * SIZE}
          height={ROAD_ROWS * SIZE}
          viewBox={`0 0 ${columns * SIZE} ${ROAD_ROWS * SIZE}`}
          role="img"
          aria-label={
            beads.length === 0 ? texts.baccarat.roadEmpty : beads.map((b) => letter[b.outcome]).join(', ')
          }
        >
          {Array.from({ length: columns * ROAD_ROWS }, (_, i) => (
            <rect
              // biome-ignore lint/suspicious/noArrayIndexKey: grid cells are positions.
              key={i}
              className={styles.roadCell}
              x={Math.floor(i / ROAD_ROWS) * SIZE + 0.5}
              y={(i % ROAD_ROWS) * SIZE + 0.5}
              width={SIZE - 1}
              height={SIZE - 1}
            />
          ))}
          {placed.map((b, i) => {
            const cx = b.column * SIZE + SIZE / 2;
            const cy = b.row * SIZE + SIZE / 2;
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: beads are positional.
              <g key={i} className={styles.bead} data-outcome={b.outcome}>
                <circle cx={cx} cy={cy} r={SIZE / 2 - 3} />
                <text x={cx} y={cy} textAnchor="middle" dominantBaseline="central">
                  {letter[b.outcome].slice(0, 1)}
                </text>
                {b.bankerPair ? (
                  <circle className={styles.pairBanker} cx={cx - 8} cy={cy - 8} r={3.2} />
                ) : null}
                {b.playerPair ? (
                  <circle className={styles.pairPlayer} cx={cx + 8} cy={cy + 8} r={3.2} />
                ) : null}
              </g>
            );
          })}
        </svg>
      </div>
    </section>
  );
}
