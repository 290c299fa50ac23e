/** The step slider's rules: one slide per view, no loop; pure so they are tested on their own. */

/** An index kept inside the slides (0 when there are none). */
export const clampIndex = (index: number, count: number) =>
  Math.min(Math.max(index, 0), Math.max(count - 1, 0));

/** Pagination and the previous/next arrows appear only with more than one image. */
export const hasControls = (count: number) => count > 1;

/** The move a key asks for: arrows step, Home and End jump; null for any other key. */
export function keyTarget(key: string, index: number, count: number): number | null {
  switch (key) {
    case 'ArrowLeft':
      return clampIndex(index - 1, count);
    case 'ArrowRight':
      return clampIndex(index + 1, count);
    case 'Home':
      return 0;
    case 'End':
      return clampIndex(count - 1, count);
    default:
      return null;
  }
}

/** A swipe moves one slide once it travels a fifth of the slide (at least 30 px) more sideways than up or down. */
export function swipeTarget(dx: number, dy: number, width: number, index: number, count: number): number {
  const threshold = Math.max(30, width / 5);
  if (Math.abs(dx) < threshold || Math.abs(dx) <= Math.abs(dy)) return index;
  return clampIndex(index + (dx < 0 ? 1 : -1), count);
}
