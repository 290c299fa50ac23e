/**
 * A modal panel (paytable, rules) on the native <dialog>: the browser traps focus, closes it on
 * Escape and returns focus to the button that opened it.
 */
import { type ReactNode, useEffect, useRef } from 'react';
import { useTexts } from '../texts';
import styles from './frame.module.css';
import { CloseIcon } from './icons';

export function InfoDialog(props: { title: string; open: boolean; onClose(): void; children: ReactNode }) {
  const texts = useTexts();
  const ref = useRef<HTMLDialogElement>(null);
  const { open, onClose } = props;
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal?.();
    if (!open && dialog.open) dialog.close?.();
  }, [open]);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop closes; keys close with Escape.
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby="play-dialog-title"
      onClose={onClose}
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      {open ? (
        <div className={styles.dialogBody}>
          <header className={styles.dialogHead}>
            <h2 id="play-dialog-title">{props.title}</h2>
            <button
              type="button"
              className={styles.iconButton}
              aria-label={texts.frame.close}
              onClick={onClose}
            >
              <CloseIcon />
            </button>
          </header>
          <section
            className={styles.dialogContent}
            aria-labelledby="play-dialog-title"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a long paytable scrolls; the keyboard needs focus on it to scroll.
            tabIndex={0}
          >
            {props.children}
          </section>
        </div>
      ) : null}
    </dialog>
  );
}
