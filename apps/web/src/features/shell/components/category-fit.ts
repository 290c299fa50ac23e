/**
 * How many categories fit in the header bar: all of them when they fit, else as many as fit
 * beside the More button, which takes the rest. `widths`: each item's width in order; `more`:
 * the More button's width; `gap`: the space between items.
 */
export function fitCount(widths: readonly number[], more: number, available: number, gap: number): number {
  const span = (n: number) => widths.slice(0, n).reduce((sum, w) => sum + w, 0) + Math.max(0, n - 1) * gap;
  if (span(widths.length) <= available) return widths.length;
  let n = widths.length - 1;
  while (n > 0 && span(n) + gap + more > available) n -= 1;
  return n;
}
