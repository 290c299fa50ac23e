/**
 * Goodness-of-fit and independence tests for random mappings: a game's outcomes must be
 * uniform over their range and unrelated to the outcomes before them. Each test reports its
 * statistic, the bound it must stay within at the 99 % level, and whether it did.
 */

/** Standard normal quantile at 0.99 (one-sided 99 %). */
export const Z_99 = 2.3263478740408408;
/** Standard normal quantile at 0.995 (two-sided 99 %). */
export const Z_995 = 2.5758293035489004;

/** A test's verdict. */
export interface TestResult {
  statistic: number;
  /** The test passes when the statistic stays within this bound (|statistic| for z tests). */
  bound: number;
  pass: boolean;
}

/**
 * Upper 99 % point of the chi-square distribution with `df` degrees of freedom by the
 * Wilson–Hilferty approximation: df·(1 − 2/(9df) + z·√(2/(9df)))³, accurate to well under
 * 1 % for the dozens to thousands of degrees of freedom used here.
 */
export function chiSquareCritical99(df: number): number {
  const v = 2 / (9 * df);
  return df * (1 - v + Z_99 * Math.sqrt(v)) ** 3;
}

/**
 * Pearson's chi-square of observed counts against expected probabilities (uniform when
 * omitted), with k − 1 degrees of freedom; passes below the 99 % critical value.
 */
export function chiSquare(
  counts: ArrayLike<number>,
  probabilities?: ArrayLike<number>,
): TestResult & { df: number } {
  const k = counts.length;
  let n = 0;
  for (let i = 0; i < k; i++) n += counts[i]!;
  let statistic = 0;
  for (let i = 0; i < k; i++) {
    const expected = n * (probabilities ? probabilities[i]! : 1 / k);
    statistic += (counts[i]! - expected) ** 2 / expected;
  }
  const df = k - 1;
  const bound = chiSquareCritical99(df);
  return { statistic, bound, pass: statistic <= bound, df };
}

/**
 * Wald–Wolfowitz runs test above and below `median` (values equal to it are skipped): too few
 * runs mean clustering, too many mean alternation. z = (R − μ)/σ with
 * μ = 2ab/N + 1 and σ² = 2ab(2ab − N)/(N²(N − 1)); passes when |z| ≤ Z_995.
 */
export function runsTest(values: ArrayLike<number>, median: number): TestResult & { runs: number } {
  let above = 0;
  let below = 0;
  let runs = 0;
  let last = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (v === median) continue;
    const side = v > median ? 1 : -1;
    if (side > 0) above++;
    else below++;
    if (side !== last) runs++;
    last = side;
  }
  const n = above + below;
  const ab2 = 2 * above * below;
  const mean = ab2 / n + 1;
  const variance = (ab2 * (ab2 - n)) / (n * n * (n - 1));
  const statistic = (runs - mean) / Math.sqrt(variance);
  return { statistic, bound: Z_995, pass: Math.abs(statistic) <= Z_995, runs };
}

/**
 * Lag-1 serial correlation r of the sequence. For independent values r is about normal with
 * mean −1/n and standard deviation 1/√n, so it passes when |r + 1/n| ≤ Z_995/√n.
 */
export function serialCorrelation(values: ArrayLike<number>): TestResult {
  const n = values.length;
  let mean = 0;
  for (let i = 0; i < n; i++) mean += values[i]!;
  mean /= n;
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i++) {
    const d = values[i]! - mean;
    den += d * d;
    if (i + 1 < n) num += d * (values[i + 1]! - mean);
  }
  const statistic = num / den;
  const bound = Z_995 / Math.sqrt(n);
  return { statistic, bound, pass: Math.abs(statistic + 1 / n) <= bound };
}
