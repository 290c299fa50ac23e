/** Error and info toasts; each leaves on its own after a while or when dismissed. */
import { useEffect } from 'react';
import { useTexts } from '../texts';
import styles from './frame.module.css';
import { CloseIcon } from './icons';
import { type Toast, usePlay } from './play-context';

/** Long enough to read a sentence and reach its link. */
export const TOAST_MS = 8000;

function ToastItem({ toast }: { toast: Toast }) {
  const texts = useTexts();
  const { dismiss } = usePlay();
  useEffect(() => {
    const timer = setTimeout(() => dismiss(toast.id), TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast.id, dismiss]);
  return (
    <div className={styles.toast} data-tone={toast.tone} role={toast.tone === 'error' ? 'alert' : 'status'}>
      <p>{toast.message}</p>
      {toast.action ? (
        <a
          className={styles.toastAction}
          href={toast.action.href}
          target={toast.action.newTab ? '_blank' : undefined}
          rel={toast.action.newTab ? 'noopener' : undefined}
        >
          {toast.action.label}
        </a>
      ) : null}
      <button
        type="button"
        className={styles.iconButton}
        aria-label={texts.frame.dismiss}
        onClick={() => dismiss(toast.id)}
      >
        <CloseIcon />
      </button>
    </div>
  );
}

export function Toasts() {
  const { toasts } = usePlay();
  return (
    <div className={styles.toasts}>
      {toasts.map((t) => (
        <ToastItem key={t.id} toast={t} />
      ))}
    </div>
  );
}
