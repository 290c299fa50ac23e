/**
 * The stakes a player picks from: a 1-2-5 ladder between the session's limits (from the
 * minimum: 1, 2 and 5 times it; then the round 1-2-5 figures), every step a whole multiple of the
 * minimum (so a slot's stake always splits evenly over its lines when the server sets the
 * minimum that way), with the limits themselves included.
 */
export function stakeLadder(minMinor: bigint, maxMinor: bigint): bigint[] {
  if (minMinor <= 0n || maxMinor < minMinor) return [];
  const steps = new Set<bigint>([minMinor, 2n * minMinor, 5n * minMinor].filter((v) => v <= maxMinor));
  for (let decade = 1n; decade <= maxMinor; decade *= 10n) {
    for (const m of [1n, 2n, 5n]) {
      const v = m * decade;
      if (v > minMinor && v <= maxMinor && v % minMinor === 0n) steps.add(v);
    }
  }
  steps.add(maxMinor);
  return [...steps].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The chip values of a table: 1, 5, 10, 25, 100 and 500 times the minimum bet, within the maximum. */
export function chipValues(minMinor: bigint, maxMinor: bigint): bigint[] {
  return [1n, 5n, 10n, 25n, 100n, 500n].map((m) => m * minMinor).filter((v) => v <= maxMinor);
}

/** The ladder step nearest to `wanted` from below (or the first step). */
export function nearestStep(steps: readonly bigint[], wanted: bigint): bigint {
  let best = steps[0] ?? wanted;
  for (const s of steps) if (s <= wanted) best = s;
  return best;
}
