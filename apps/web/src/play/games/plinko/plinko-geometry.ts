/**
 * Where everything sits on the plinko board (SVG user units): pegs in a triangle, one bucket
 * per possible count of right-bounces, and the ball's way down for a server path. After r
 * bounces with R of them right the ball is at centre + (R − r/2)·gap, so it rests on a peg of
 * every row and lands in bucket R — the bucket the maths package paid.
 */
export const BOARD_WIDTH = 1000;
const TOP = 60;

export interface Point {
  x: number;
  y: number;
}

export interface BoardGeometry {
  rows: number;
  gap: number;
  rowGap: number;
  pegRadius: number;
  ballRadius: number;
  pegs: Point[];
  /** Bucket centres, left to right, and their shared size. */
  buckets: Point[];
  bucketWidth: number;
  bucketHeight: number;
  height: number;
}

export function boardGeometry(rows: number): BoardGeometry {
  const gap = BOARD_WIDTH / (rows + 2);
  const rowGap = gap * 0.86;
  const centre = BOARD_WIDTH / 2;
  const pegs: Point[] = [];
  for (let r = 0; r < rows; r++) {
    for (let k = 0; k < r + 3; k++) pegs.push({ x: centre + (k - (r + 2) / 2) * gap, y: TOP + r * rowGap });
  }
  const bucketTop = TOP + (rows - 1) * rowGap + rowGap * 0.7;
  const bucketHeight = Math.max(44, gap * 0.62);
  const buckets = Array.from({ length: rows + 1 }, (_, b) => ({
    x: centre + (b - rows / 2) * gap,
    y: bucketTop + bucketHeight / 2,
  }));
  return {
    rows,
    gap,
    rowGap,
    pegRadius: Math.max(4, gap * 0.09),
    ballRadius: Math.max(9, gap * 0.2),
    pegs,
    buckets,
    bucketWidth: gap * 0.9,
    bucketHeight,
    height: bucketTop + bucketHeight + 12,
  };
}

/**
 * The ball's stops for a path (0 left, 1 right, one per row): the drop point, resting on a peg
 * of each row, and the bucket. Each stop is the ball's centre.
 */
export function ballStops(g: BoardGeometry, path: readonly number[]): Point[] {
  const centre = BOARD_WIDTH / 2;
  const lift = g.pegRadius + g.ballRadius;
  const stops: Point[] = [{ x: centre, y: TOP - g.rowGap }];
  let rights = 0;
  path.forEach((step, r) => {
    stops.push({ x: centre + (rights - r / 2) * g.gap, y: TOP + r * g.rowGap - lift });
    rights += step;
  });
  const bucket = g.buckets[rights];
  if (bucket) stops.push({ x: bucket.x, y: bucket.y - g.bucketHeight / 4 });
  return stops;
}

/**
 * Keyframes for the Web Animations API: between two stops the ball hops up a little and falls
 * onto the next peg (ease-out up, ease-in down), which reads as a bounce.
 */
export function ballKeyframes(g: BoardGeometry, stops: readonly Point[]): Keyframe[] {
  const frames: Keyframe[] = [];
  const at = (p: Point) => `translate(${p.x.toFixed(1)}px, ${p.y.toFixed(1)}px)`;
  stops.forEach((p, i) => {
    const next = stops[i + 1];
    frames.push({ transform: at(p), easing: 'ease-out' });
    if (next && i > 0) {
      const hop = { x: p.x + (next.x - p.x) * 0.35, y: p.y - g.rowGap * 0.28 };
      frames.push({ transform: at(hop), easing: 'ease-in' });
    }
  });
  return frames;
}
