import { describe, expect, it } from 'vitest';
import { ballKeyframes, ballStops, boardGeometry } from './plinko-geometry';

describe('plinko board', () => {
  it('has a triangle of pegs and one bucket per count of right bounces', () => {
    for (const rows of [8, 12, 16]) {
      const g = boardGeometry(rows);
      expect(g.pegs).toHaveLength((rows * (rows + 5)) / 2);
      expect(g.buckets).toHaveLength(rows + 1);
    }
  });

  it('takes the ball down the server’s path into the bucket it paid', () => {
    const g = boardGeometry(8);
    for (const path of [
      [0, 0, 0, 0, 0, 0, 0, 0],
      [1, 1, 1, 1, 1, 1, 1, 1],
      [1, 0, 1, 1, 0, 0, 1, 0],
    ]) {
      const stops = ballStops(g, path);
      const bucket = path.reduce((a, b) => a + b, 0);
      expect(stops).toHaveLength(path.length + 2);
      expect(stops.at(-1)?.x).toBeCloseTo(g.buckets[bucket]?.x ?? Number.NaN);
      // Every row's stop sits on a peg of that row.
      stops.slice(1, -1).forEach((p, r) => {
        expect(
          g.pegs.some((peg) => Math.abs(peg.x - p.x) < 1e-9 && peg.y > p.y && peg.y - p.y < g.rowGap / 2),
        ).toBe(true);
        expect(r).toBeLessThan(path.length);
      });
    }
    // A stop per row plus drop point and bucket; a hop between every two pegs and into the bucket.
    const stops = ballStops(g, [1, 0]);
    expect(ballKeyframes(g, stops)).toHaveLength(stops.length + (stops.length - 2));
  });
});
