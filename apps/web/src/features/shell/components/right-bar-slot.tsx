import { lazy, Suspense } from 'react';
import { useAfterFirstPaint } from '../../../lib/hooks/use-after-first-paint';
import { readStorage, STORAGE_KEYS } from '../../../lib/storage/storage';
import { useSideColumns } from '../hooks/use-side-columns';
import styles from './right-bar.module.css';

// The right bar (QR codes, links) is secondary: it loads after the first render, into a slot of
// its final width so the content beside it does not move.
const RightBar = lazy(() => import('./right-bar').then((m) => ({ default: m.RightBar })));

export function RightBarSlot() {
  const painted = useAfterFirstPaint();
  const shown = useSideColumns();
  const collapsed = readStorage('local', STORAGE_KEYS.rightBar) === '0';
  const placeholder = (
    <div className={`${styles.bar} ${collapsed ? styles.collapsed : ''}`} aria-hidden="true" />
  );
  return <Suspense fallback={placeholder}>{painted && shown ? <RightBar /> : placeholder}</Suspense>;
}
