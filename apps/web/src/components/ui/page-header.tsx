import type { ReactNode } from 'react';
import { imageUrl } from '../../lib/cdn';
import { cx } from './cx';
import styles from './page-header.module.css';

interface PageHeaderProps {
  title: string;
  subtitle?: string;
  /** Banner artwork shown at the side of the heading (decorative). */
  art?: string;
  children?: ReactNode;
  compact?: boolean;
}

/** A page's banner area: the page heading (h1), a line of context and optional artwork. */
export function PageHeader({ title, subtitle, art, children, compact }: PageHeaderProps) {
  return (
    <header className={cx(styles.banner, compact && styles.compact)} data-page-banner="true">
      <div className={styles.copy}>
        <h1 className={styles.title}>{title}</h1>
        {subtitle ? <p className={styles.subtitle}>{subtitle}</p> : null}
        {children}
      </div>
      {art ? (
        <div className={styles.artBox}>
          <img className={styles.art} src={imageUrl(art)} alt="" width={320} height={200} />
        </div>
      ) : null}
    </header>
  );
}
