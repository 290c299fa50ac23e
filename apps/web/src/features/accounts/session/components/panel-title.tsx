import type { ReactNode } from 'react';
import { ModalTitle } from '../../../../components/ui';
import styles from './auth.module.css';

/** The heading of a sign-in panel: the dialog's title in a modal, the page's h1 on a page. */
export function PanelTitle({ inModal, children }: { inModal: boolean; children: ReactNode }) {
  return inModal ? <ModalTitle>{children}</ModalTitle> : <h1 className={styles.pageTitle}>{children}</h1>;
}

export type AuthTarget = 'login' | 'register' | 'forgotPassword' | 'help';
