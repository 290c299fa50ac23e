import type { ReactNode } from 'react';
import { imageUrl } from '../../lib/cdn';
import styles from './empty-state.module.css';
import { Icon, type IconName } from './icon';

interface EmptyStateProps {
  title: string;
  text?: string;
  /** Decorative artwork (an /media URL). */
  art?: string;
  icon?: IconName;
  action?: ReactNode;
  headingLevel?: 2 | 3;
}

/** What a list or page shows when it has nothing yet: a plain statement and, if useful, a next step. */
export function EmptyState({ title, text, art, icon, action, headingLevel = 2 }: EmptyStateProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className={styles.empty} data-empty="true">
      {art ? <img className={styles.art} src={imageUrl(art)} alt="" width={120} height={120} /> : null}
      {icon ? (
        <span className={styles.icon}>
          <Icon name={icon} size={32} />
        </span>
      ) : null}
      <Heading className={styles.title}>{title}</Heading>
      {text ? <p className={styles.text}>{text}</p> : null}
      {action ? <div className={styles.action}>{action}</div> : null}
    </div>
  );
}
