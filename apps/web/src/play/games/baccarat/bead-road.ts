/**
 * The bead road: one bead per hand, filled down each column of six and then on to the next
 * column, oldest first, as baccarat score cards show it.
 */
export const ROAD_ROWS = 6;

export interface Bead {
  outcome: 'player' | 'banker' | 'tie';
  playerPair: boolean;
  bankerPair: boolean;
}

export interface PlacedBead extends Bead {
  column: number;
  row: number;
}

/** Beads in place, and how many columns the road needs (at least `minColumns`). */
export function layBeads(
  beads: readonly Bead[],
  minColumns: number,
): { placed: PlacedBead[]; columns: number } {
  const placed = beads.map((b, i) => ({ ...b, column: Math.floor(i / ROAD_ROWS), row: i % ROAD_ROWS }));
  return { placed, columns: Math.max(minColumns, Math.ceil(beads.length / ROAD_ROWS)) };
}
