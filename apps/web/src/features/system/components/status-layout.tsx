import type { ReactNode } from 'react';
import { imageUrl } from '../../../lib/cdn';
import styles from './status-layout.module.css';

interface StatusLayoutProps {
  brandName: string;
  logo: string;
  art?: string;
  kind: string;
  children: ReactNode;
}

/** The full-screen frame of the start-up, maintenance, blocked and network pages. */
export function StatusLayout({ brandName, logo, art, kind, children }: StatusLayoutProps) {
  return (
    <div className={styles.page} data-status-page={kind}>
      <header className={styles.top}>
        <img className={styles.logo} src={imageUrl(logo)} alt={brandName} width={160} height={40} />
      </header>
      <main className={styles.main}>
        <div className={styles.card}>
          {art ? <img className={styles.art} src={imageUrl(art)} alt="" width={240} height={180} /> : null}
          {children}
        </div>
      </main>
    </div>
  );
}
