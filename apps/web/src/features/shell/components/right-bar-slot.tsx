import { lazy, Suspense } from 'react';
import { readStorage, STORAGE_KEYS } from '../../../lib/storage/storage';
import styles from './right-bar.module.css';

// The right bar (QR codes, links) is secondary: it loads after the first render, into a slot of
// its final width so the content beside it does not move.
const RightBar = lazy(() => import('./right-bar').then((m) => ({ default: m.RightBar })));

export function RightBarSlot() {
  const collapsed = readStorage('local', STORAGE_KEYS.rightBar) === '0';
  return (
    <Suspense
      fallback={<div className={`${styles.bar} ${collapsed ? styles.collapsed : ''}`} aria-hidden="true" />}
    >
      <RightBar />
    </Suspense>
  );
}
