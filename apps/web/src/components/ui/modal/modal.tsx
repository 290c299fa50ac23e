import {
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { cx } from '../cx';
import { Icon } from '../icon';
import { isTopDialog, pushDialog } from './dialog-stack';
import { focusableIn } from './focus';
import styles from './modal.module.css';
import { ModalContext } from './modal-context';
import { lockScroll } from './scroll-lock';

/** Spec §2, §9: modals fade in and out over 100 ms. */
export const MODAL_FADE_MS = 100;

/** sheet: as md on wide screens; on phones a sheet that rises from the bottom edge (a bet slip). */
export type ModalSize = 'sm' | 'md' | 'lg' | 'drawer' | 'sheet';

interface ModalProps {
  open: boolean;
  onClose: () => void;
  /** Called after the fade-out, when the dialog has left the page. */
  onExited?: () => void;
  size?: ModalSize;
  children: ReactNode;
  /** Extra attributes for tests and styling, e.g. data-modal="login". */
  dataModal?: string;
}

/**
 * An accessible modal dialog: role="dialog", aria-modal, named by its ModalTitle; locks page
 * scroll; traps focus; Escape closes the top-most one; focus returns to the opener.
 */
export function Modal({ open, onClose, onExited, size = 'md', children, dataModal }: ModalProps) {
  const [shown, setShown] = useState(false);
  // Present while open, and for the fade after it closes. An open dialog is present whatever the
  // state says, so a late fade-out timer of an earlier close can never hide it.
  const [leaving, setLeaving] = useState(false);
  const [prevOpen, setPrevOpen] = useState(open);
  if (open !== prevOpen) {
    setPrevOpen(open);
    setLeaving(!open);
  }
  const present = open || leaving;

  useEffect(() => {
    if (open) {
      const frame = requestAnimationFrame(() => setShown(true));
      return () => cancelAnimationFrame(frame);
    }
    setShown(false);
    const timer = setTimeout(() => setLeaving(false), MODAL_FADE_MS);
    return () => clearTimeout(timer);
  }, [open]);

  const exited = useRef(onExited);
  exited.current = onExited;
  const wasPresent = useRef(present);
  useEffect(() => {
    if (wasPresent.current && !present) exited.current?.();
    wasPresent.current = present;
  }, [present]);

  if (!present) return null;
  return createPortal(
    <DialogFrame onClose={onClose} size={size} shown={shown} closing={!open} dataModal={dataModal}>
      {children}
    </DialogFrame>,
    document.body,
  );
}

interface FrameProps {
  onClose: () => void;
  size: ModalSize;
  shown: boolean;
  closing: boolean;
  dataModal: string | undefined;
  children: ReactNode;
}

function DialogFrame({ onClose, size, shown, closing, dataModal, children }: FrameProps) {
  const { t } = useTranslation();
  const id = useId();
  const titleId = `${id}-title`;
  const dialog = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;

  const focusFirst = useCallback(() => {
    const root = dialog.current;
    if (!root) return;
    const active = document.activeElement as HTMLElement | null;
    if (active && active !== root && root.contains(active) && !active.dataset.modalClose) return;
    const items = focusableIn(root);
    (items.find((el) => !el.dataset.modalClose) ?? items[0] ?? root).focus();
  }, []);

  // Lock scroll, join the dialog stack, take focus; undo all of it when the dialog leaves.
  useLayoutEffect(() => {
    const root = dialog.current;
    if (!root) return;
    const unlock = lockScroll();
    const leave = pushDialog(id, root);
    focusFirst();
    return () => {
      unlock();
      leave();
    };
  }, [id, focusFirst]);

  const context = useMemo(
    () => ({ titleId, close: () => close.current(), focusFirst }),
    [titleId, focusFirst],
  );

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isTopDialog(id) || !dialog.current) return;
      if (e.key === 'Escape') {
        e.stopPropagation();
        close.current();
        return;
      }
      if (e.key !== 'Tab') return;
      const items = focusableIn(dialog.current);
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) {
        e.preventDefault();
        dialog.current.focus();
        return;
      }
      const active = document.activeElement;
      if (e.shiftKey && (active === first || !dialog.current.contains(active))) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (active === last || !dialog.current.contains(active))) {
        e.preventDefault();
        first.focus();
      }
    };
    const onFocusIn = (e: FocusEvent) => {
      const root = dialog.current;
      if (!root || !isTopDialog(id) || !(e.target instanceof Node) || root.contains(e.target)) return;
      // Focus left the top dialog (e.g. a click on the page behind): bring it back.
      (focusableIn(root)[0] ?? root).focus();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('focusin', onFocusIn);
    };
  }, [id]);

  return (
    <div
      className={cx(
        styles.root,
        size === 'drawer' && styles.drawerRoot,
        size === 'sheet' && styles.sheetRoot,
      )}
      data-state={shown && !closing ? 'open' : 'closed'}
    >
      <div className={styles.backdrop} aria-hidden="true" onClick={() => close.current()} />
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        data-modal={dataModal}
        className={cx(styles.dialog, styles[size])}
      >
        <ModalContext.Provider value={context}>
          <button
            type="button"
            className={styles.close}
            aria-label={t('common.close')}
            data-modal-close="true"
            onClick={() => close.current()}
          >
            <Icon name="close" size={20} />
          </button>
          <div className={styles.body}>{children}</div>
        </ModalContext.Provider>
      </div>
    </div>
  );
}
