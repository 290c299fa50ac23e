import { lazy, Suspense } from 'react';
import { useAfterFirstPaint } from '../../../lib/hooks/use-after-first-paint';
import styles from './footer.module.css';

// The footer sits below the fold: it is fetched after the first render.
const Footer = lazy(() => import('./footer').then((m) => ({ default: m.Footer })));

export function FooterSlot() {
  const painted = useAfterFirstPaint();
  const placeholder = <div className={styles.placeholder} aria-hidden="true" />;
  return <Suspense fallback={placeholder}>{painted ? <Footer /> : placeholder}</Suspense>;
}
