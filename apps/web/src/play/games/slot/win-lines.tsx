/**
 * The winning paylines drawn over the reels: every line at once, or one at a time when the
 * page cycles through them (the others fade), each in its own colour with a dark casing so it
 * reads on any symbol.
 */

import styles from './slot.module.css';
import { type DrawnLine, WINDOW_HEIGHT, WINDOW_WIDTH } from './slot-view';

export function WinLines({ lines, focus }: { lines: readonly DrawnLine[]; focus: number | null }) {
  if (lines.length === 0) return null;
  return (
    <svg
      className={styles.lines}
      viewBox={`0 0 ${WINDOW_WIDTH} ${WINDOW_HEIGHT}`}
      aria-hidden="true"
      focusable="false"
      data-lines={lines.map((l) => l.line).join(',')}
    >
      {lines.map((l) => {
        const faded = focus !== null && focus !== l.line;
        return (
          <g key={l.line} data-line={l.line} opacity={faded ? 0.12 : 1}>
            <polyline points={l.points} className={styles.lineCasing} />
            <polyline points={l.points} className={styles.line} stroke={l.colour} />
          </g>
        );
      })}
    </svg>
  );
}
