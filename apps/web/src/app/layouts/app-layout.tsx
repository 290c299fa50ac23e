import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { cx, Spinner } from '../../components/ui';
import { AccountArea, ViewOnlyBanner } from '../../features/accounts/session';
import { Footer, Header, RightBar, SideMenu } from '../../features/shell';
import { useReleasePrerender } from '../../lib/prerender';
import styles from './app-layout.module.css';

/**
 * Page chrome per route (spec §2 Routes):
 * full = header, footer and side menu; header-footer; header-only (game pages); header-side; bare.
 */
export type LayoutKind = 'full' | 'header-footer' | 'header-only' | 'header-side' | 'bare';

export function AppLayout({ kind }: { kind: LayoutKind }) {
  const { t } = useTranslation();
  const location = useLocation();
  // The server renders only the home page ahead: any other page (a redirect) takes its place.
  useReleasePrerender(location.pathname !== '/');
  const header = kind !== 'bare';
  const footer = kind === 'full' || kind === 'header-footer';
  const side = kind === 'full' || kind === 'header-side';
  const right = footer;
  return (
    <div className={cx(styles.shell, styles[kind])} data-layout={kind}>
      <a href="#main" className="skip-link">
        {t('common.skipToContent')}
      </a>
      <ViewOnlyBanner />
      {header ? <Header account={<AccountArea />} /> : null}
      <div className={styles.body}>
        {side ? <SideMenu /> : null}
        {/* Remounts when the full route (path and query) changes (spec §2). */}
        <main id="main" tabIndex={-1} className={styles.main} key={location.pathname + location.search}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </main>
        {right ? <RightBar /> : null}
      </div>
      {footer ? <Footer /> : null}
    </div>
  );
}

export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className={styles.loading}>
      <Spinner label={t('common.loading')} />
    </div>
  );
}
