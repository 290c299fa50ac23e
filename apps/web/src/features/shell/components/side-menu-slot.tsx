import { lazy, Suspense } from 'react';
import { cx } from '../../../components/ui';
import { useAfterFirstPaint } from '../../../lib/hooks/use-after-first-paint';
import { readStorage, STORAGE_KEYS } from '../../../lib/storage/storage';
import { useSideColumns } from '../hooks/use-side-columns';
import styles from './side-menu.module.css';

// Loaded right after the first render into a slot of its final width, so nothing moves.
const SideMenu = lazy(() => import('./side-menu').then((m) => ({ default: m.SideMenu })));

export function SideMenuSlot() {
  const painted = useAfterFirstPaint();
  const shown = useSideColumns();
  const collapsed = readStorage('local', STORAGE_KEYS.sideMenu) === '0';
  const placeholder = <div className={cx(styles.side, collapsed && styles.collapsed)} aria-hidden="true" />;
  return <Suspense fallback={placeholder}>{painted && shown ? <SideMenu /> : placeholder}</Suspense>;
}
