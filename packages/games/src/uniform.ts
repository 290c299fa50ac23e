/**
 * The one randomness interface: every call returns the next uniformly random unsigned 32-bit
 * word. Every game draws from one, so an outcome depends on the random source only, never on
 * the stake or the house balance.
 */
export type WordSource = () => number;

/**
 * Maps a stream of uniformly random 32-bit words onto [0, n) without modulo bias: words in the
 * short top slice that would favour small results are rejected and the next word is drawn.
 * Game outcomes come from here, so they depend on the random source only, never on the stake.
 */
const RANGE = 2 ** 32;

export function uniformInt(n: number, nextWord: WordSource): number {
  if (!Number.isInteger(n) || n < 1 || n > RANGE)
    throw new RangeError(`n must be an integer in 1..2^32, got ${n}`);
  const limit = RANGE - (RANGE % n);
  for (;;) {
    const word = nextWord();
    if (word < limit) return word % n;
  }
}
