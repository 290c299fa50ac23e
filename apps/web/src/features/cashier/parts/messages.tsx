import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, cx, Icon, Spinner } from '../../../components/ui';
import { moneyErrorText } from '../../../lib/money/errors';
import { useFundsTexts } from '../../../lib/money/texts';
import styles from '../cashier.module.css';

/** A failed submit, in the member's language, announced at once. */
export function FormFailure({ error }: { error: unknown }) {
  const { t: tc } = useTranslation();
  const { t } = useFundsTexts();
  if (!error) return null;
  return (
    <p role="alert" className={styles.failure} data-failure="true">
      <Icon name="alert" size={18} />
      <span>{moneyErrorText(t, tc, error)}</span>
    </p>
  );
}

/** A part of the page whose data could not be read, with a retry. */
export function LoadFailure({
  error,
  onRetry,
  busy,
}: {
  error: unknown;
  onRetry: () => void;
  busy?: boolean;
}) {
  const { t: tc } = useTranslation();
  const { t } = useFundsTexts();
  return (
    <div className={styles.loadFailure} role="alert">
      <p className={styles.failureText}>
        <Icon name="alert" size={18} />
        <span>{moneyErrorText(t, tc, error)}</span>
      </p>
      <Button variant="secondary" size="sm" onClick={onRetry} busy={busy} disabled={busy}>
        <Icon name="refresh" size={16} />
        {tc('common.retry')}
      </Button>
    </div>
  );
}

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
