import { lazy, Suspense } from 'react';
import styles from './footer.module.css';

// The footer sits below the fold: it is fetched after the first render.
const Footer = lazy(() => import('./footer').then((m) => ({ default: m.Footer })));

export function FooterSlot() {
  return (
    <Suspense fallback={<div className={styles.placeholder} aria-hidden="true" />}>
      <Footer />
    </Suspense>
  );
}
