import type { ReactNode } from 'react';
import { Icon } from '../icon';
import styles from './fields.module.css';

/** A form's failure (a call that failed), announced when it appears; nothing when empty. */
export function FormFailure({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <p role="alert" className={styles.failure} data-form-failure="true">
      <Icon name="alert" size={18} />
      <span>{children}</span>
    </p>
  );
}
