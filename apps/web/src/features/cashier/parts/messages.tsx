import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cx, Icon, Spinner } from '../../../components/ui';
import styles from '../cashier.module.css';

export function Loading() {
  const { t: tc } = useTranslation();
  return (
    <div className={styles.loading}>
      <Spinner label={tc('common.loading')} />
    </div>
  );
}

/** A short statement in a tinted box: info, success (after a submit) or a warning. */
export function Note({
  tone = 'info',
  title,
  children,
  data,
}: {
  tone?: 'info' | 'success' | 'warning';
  title?: string;
  children?: ReactNode;
  data?: string;
}) {
  return (
    <div className={cx(styles.note, styles[`note_${tone}`])} data-note={data}>
      <Icon name={tone === 'warning' ? 'alert' : tone === 'success' ? 'check' : 'help'} size={18} />
      <div className={styles.noteBody}>
        {title ? <p className={styles.noteTitle}>{title}</p> : null}
        {children}
      </div>
    </div>
  );
}

/**
 * Where the result of the member's action appears: present before the result is, so screen
 * readers announce what lands in it.
 */
export function Live({ children }: { children?: ReactNode }) {
  return (
    <div aria-live="polite" aria-atomic="true" className={styles.live}>
      {children}
    </div>
  );
}
