/**
 * The plinko board: pegs, buckets with their multipliers (from the maths tables), and the balls
 * in flight, each animated down the path the server drew and reported when it lands.
 */
import { useEffect, useRef } from 'react';
import { shortMultiplier } from '../../lib/format';
import { prefersReducedMotion } from '../../lib/motion';
import { useTexts } from '../../texts';
import styles from './plinko.module.css';
import { BOARD_WIDTH, type BoardGeometry, ballKeyframes, ballStops } from './plinko-geometry';

/** Time per row of the fall. */
const ROW_MS = 120;

export interface Ball {
  id: string;
  path: readonly number[];
}

/** A bucket's heat from its multiplier (1/10 000 units): what colour it wears. */
export const bucketTone = (m: number): 'cold' | 'even' | 'warm' | 'hot' =>
  m < 10_000 ? 'cold' : m < 20_000 ? 'even' : m < 100_000 ? 'warm' : 'hot';

function FallingBall(props: { g: BoardGeometry; ball: Ball; onLand(id: string): void }) {
  const ref = useRef<SVGGElement>(null);
  const { g, ball, onLand } = props;
  useEffect(() => {
    const node = ref.current;
    const stops = ballStops(g, ball.path);
    const last = stops[stops.length - 1];
    if (!node || !last) return;
    if (prefersReducedMotion() || typeof node.animate !== 'function') {
      onLand(ball.id);
      return;
    }
    const animation = node.animate(ballKeyframes(g, stops), {
      duration: ROW_MS * (ball.path.length + 2),
      fill: 'forwards',
    });
    animation.onfinish = () => onLand(ball.id);
    return () => animation.cancel();
  }, [g, ball, onLand]);
  const start = ballStops(g, [])[0];
  return (
    <g
      ref={ref}
      className={styles.ball}
      style={start ? { transform: `translate(${start.x}px, ${start.y}px)` } : undefined}
    >
      <circle r={g.ballRadius} />
      <circle
        r={g.ballRadius * 0.45}
        cx={-g.ballRadius * 0.3}
        cy={-g.ballRadius * 0.3}
        className={styles.shine}
      />
    </g>
  );
}

export function PlinkoBoard(props: {
  g: BoardGeometry;
  table: readonly number[];
  balls: readonly Ball[];
  /** The bucket that just took a ball (flashes). */
  lit: { bucket: number; key: number } | null;
  onLand(id: string): void;
}) {
  const texts = useTexts();
  const { g, table } = props;
  // As large as the bucket allows, so the labels stay readable on a phone's narrow board.
  const fontSize = (label: string) =>
    Math.min(26, g.bucketWidth * 0.4, (g.bucketWidth * 0.95) / (label.length * 0.6));
  return (
    <svg
      className={styles.board}
      viewBox={`0 0 ${BOARD_WIDTH} ${g.height.toFixed(0)}`}
      role="img"
      aria-label={texts.plinko.board(g.rows)}
    >
      <defs>
        <radialGradient id="plinko-ball" cx="35%" cy="35%" r="70%">
          <stop offset="0" stopColor="#fff6d6" />
          <stop offset="0.5" stopColor="#f5c04a" />
          <stop offset="1" stopColor="#a86a10" />
        </radialGradient>
      </defs>
      {g.pegs.map((p) => (
        <circle key={`${p.x}:${p.y}`} className={styles.peg} cx={p.x} cy={p.y} r={g.pegRadius} />
      ))}
      {g.buckets.map((b, i) => {
        const m = table[i] ?? 0;
        const lit = props.lit?.bucket === i;
        return (
          <g
            key={`${props.lit && lit ? props.lit.key : 0}:${b.x}`}
            className={styles.bucket}
            data-tone={bucketTone(m)}
            data-lit={lit || undefined}
          >
            <rect
              x={b.x - g.bucketWidth / 2}
              y={b.y - g.bucketHeight / 2}
              width={g.bucketWidth}
              height={g.bucketHeight}
              rx={Math.min(10, g.bucketWidth * 0.18)}
            />
            <text
              x={b.x}
              y={b.y}
              dominantBaseline="central"
              textAnchor="middle"
              fontSize={fontSize(shortMultiplier(m))}
            >
              {shortMultiplier(m)}
            </text>
          </g>
        );
      })}
      {props.balls.map((ball) => (
        <FallingBall key={ball.id} g={g} ball={ball} onLand={props.onLand} />
      ))}
    </svg>
  );
}
