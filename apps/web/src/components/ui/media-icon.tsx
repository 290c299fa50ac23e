import type { CSSProperties } from 'react';
import { imageUrl } from '../../lib/cdn';
import { cx } from './cx';
import styles from './media-icon.module.css';

/**
 * A single-colour artwork icon (24 x 24 currentColor SVG under /media) painted through a CSS mask,
 * so it takes the text colour of its surroundings in both themes. Decorative.
 */
export function MediaIcon({ src, size = 20, className }: { src: string; size?: number; className?: string }) {
  const url = `url("${imageUrl(src)}")`;
  const style = { '--icon-size': `${size}px`, maskImage: url, WebkitMaskImage: url } as CSSProperties;
  return <span aria-hidden="true" className={cx(styles.icon, className)} style={style} />;
}
