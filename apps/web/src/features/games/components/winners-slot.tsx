import { lazy, Suspense } from 'react';
import { ErrorBoundary } from '../../../components/ui';
import { loadChunk } from '../../../lib/chunks/chunk-load';
import { useAfterFirstPaint } from '../../../lib/hooks/use-after-first-paint';
import styles from './winners-slot.module.css';

// The winners board sits below the fold: its code and texts are fetched after the first render.
const WinnersBoard = lazy(() => loadChunk(() => import('./winners-board')));

/** Home's winners board, reserving its height until it arrives; a failed chunk leaves the space empty. */
export function Winners() {
  const painted = useAfterFirstPaint();
  const placeholder = <div className={styles.placeholder} aria-hidden="true" />;
  return (
    <ErrorBoundary fallback={() => null}>
      <Suspense fallback={placeholder}>{painted ? <WinnersBoard /> : placeholder}</Suspense>
    </ErrorBoundary>
  );
}
