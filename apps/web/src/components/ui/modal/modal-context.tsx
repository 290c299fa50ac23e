import { createContext, type HTMLAttributes, useContext, useEffect } from 'react';
import { cx } from '../cx';
import styles from './modal-title.module.css';

export interface ModalContextValue {
  titleId: string;
  close: () => void;
  /** Moves focus to the first control, unless the user already moved it (used once a lazy body arrives). */
  focusFirst: () => void;
}

export const ModalContext = createContext<ModalContextValue | null>(null);

export function useModalContext(): ModalContextValue {
  const ctx = useContext(ModalContext);
  if (!ctx) throw new Error('useModalContext must be used inside a Modal.');
  return ctx;
}

/** The dialog's heading; it names the dialog (aria-labelledby). */
export function ModalTitle({ className, ...rest }: HTMLAttributes<HTMLHeadingElement>) {
  const { titleId } = useModalContext();
  return <h2 id={titleId} className={cx(styles.title, className)} {...rest} />;
}

/** Rendered after a lazily loaded body: focus lands in the body, not on the close button. */
export function InitialFocus() {
  const { focusFirst } = useModalContext();
  useEffect(() => focusFirst(), [focusFirst]);
  return null;
}
