/** Spec §9: the paginator shows a range of 2 pages and no margin pages. */
export const PAGE_RANGE = 2;
export const MARGIN_PAGES = 0;

export type PageItem = { kind: 'page'; page: number } | { kind: 'gap'; key: string };

/**
 * Which page numbers a paginator shows (1-based), with a gap ("…") wherever pages are left out.
 * The window follows the classic paginator's arithmetic: `range` pages split around the current
 * one (one each side for 2, the current page included), shifted at either end so it stays
 * inside 1..total; `margin` pages are always shown at each end (none here, per the spec).
 */
export function pageItems(
  current: number,
  total: number,
  range = PAGE_RANGE,
  margin = MARGIN_PAGES,
): PageItem[] {
  if (total <= 0) return [];
  if (total <= range) return Array.from({ length: total }, (_, i) => ({ kind: 'page', page: i + 1 }));
  const selected = Math.min(Math.max(current, 1), total) - 1;
  let left = range / 2;
  let right = range - left;
  if (selected > total - range / 2) {
    right = total - selected;
    left = range - right;
  } else if (selected < range / 2) {
    left = selected;
    right = range - left;
  }
  const adjustedRight = selected === 0 && range > 1 ? right - 1 : right;
  const items: PageItem[] = [];
  for (let index = 0; index < total; index++) {
    const page = index + 1;
    const inMargin = page <= margin || page > total - margin;
    const inWindow = index >= selected - left && index <= selected + adjustedRight;
    if (inMargin || inWindow) items.push({ kind: 'page', page });
    else if (items.at(-1)?.kind !== 'gap') items.push({ kind: 'gap', key: `gap-${page}` });
  }
  return items;
}
