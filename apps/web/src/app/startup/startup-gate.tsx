import type { SitePermission } from '@aurum/contract';
import { lazy, Suspense, startTransition, useEffect, useMemo, useRef, useState } from 'react';
import { BrowserRouter } from 'react-router';
import { useGameMenusQuery } from '../../features/system/api/get-game-menus';
import { useSitePermission } from '../../features/system/api/get-site-permission';
import { useSystemStatus } from '../../features/system/api/get-system-status';
import { NetworkErrorPage } from '../../features/system/components/network-error-page';
import { StartupLoader } from '../../features/system/components/startup-loader';
import { selectStartupState } from '../../features/system/startup/startup-state';
import { loadAnalytics } from '../../lib/analytics';
import { configureCdns } from '../../lib/cdn';
import { loadChunk } from '../../lib/chunks/chunk-load';
import { BUILD_BRAND } from '../../lib/config';
import { SYSTEM_STATUS } from '../../lib/contract';
import { applyBrandLanguages } from '../../lib/i18n';
import { useReleasePrerender } from '../../lib/prerender';
import { SiteDataProvider } from '../../lib/site';
import { applyBrandColoursLazily, sameColours } from '../../lib/theme';
import { AppRoutes, preloadScreen } from '../router';

const MaintenancePage = lazy(() =>
  loadChunk(() => import('../../features/system/components/maintenance-page')),
);
const BlockedPage = lazy(() => loadChunk(() => import('../../features/system/components/blocked-page')));

/**
 * Spec §2 Start-up: site permission data and system status first (a branded loader meanwhile),
 * then the app, the maintenance page or the region-blocked page; the status is re-checked every
 * 60 s so switching maintenance on or off takes effect without a reload.
 */
export function StartupGate() {
  const permission = useSitePermission();
  const status = useSystemStatus();
  const state = selectStartupState({ permission, status });
  // Maintenance, blocked or a network error: that page, not the prerendered home page, shows.
  useReleasePrerender(state.kind !== 'loading' && state.kind !== 'ready');
  const info = permission.data?.info;
  const brandName = info?.brand.name ?? BUILD_BRAND.name;
  const logo = info?.brand.logo ?? BUILD_BRAND.logo;
  const [brandApplied, setBrandApplied] = useState<SitePermission | null>(null);

  useEffect(() => {
    const data = permission.data;
    if (!data) return;
    const { brand } = data.info;
    if (!sameColours(brand.theme, BUILD_BRAND.theme)) void applyBrandColoursLazily(brand.theme);
    configureCdns(data.info.imageCDNs, data.info.launchGameCDNs);
    document.title = brand.name;
    let live = true;
    void Promise.all([applyBrandLanguages(brand), preloadScreen(window.location.pathname)]).finally(() => {
      // The app's first render (router, layout, page): in slices, like the start-up's own.
      if (live) startTransition(() => setBrandApplied(data));
    });
    void loadAnalytics(data.info.analyticsId);
    return () => {
      live = false;
    };
  }, [permission.data]);

  // The operator switched the site back on: re-read the site data, which may still say otherwise.
  const code = status.data?.status;
  const previousCode = useRef(code);
  const refetchPermission = permission.refetch;
  useEffect(() => {
    const before = previousCode.current;
    previousCode.current = code;
    if (before !== undefined && before !== SYSTEM_STATUS.normal && code === SYSTEM_STATUS.normal) {
      void refetchPermission();
    }
  }, [code, refetchPermission]);

  switch (state.kind) {
    case 'loading':
      return <StartupLoader brandName={brandName} logo={logo} />;
    case 'network-error':
      return (
        <NetworkErrorPage
          brandName={brandName}
          logo={logo}
          retrying={permission.isFetching || status.isFetching}
          onRetry={() => {
            void permission.refetch();
            void status.refetch();
          }}
        />
      );
    case 'maintenance':
      return (
        <Suspense fallback={<StartupLoader brandName={brandName} logo={logo} />}>
          <MaintenancePage
            brandName={brandName}
            logo={logo}
            maintenanceEnd={state.maintenanceEnd}
            resources={info?.resources ?? []}
          />
        </Suspense>
      );
    case 'blocked':
      return (
        <Suspense fallback={<StartupLoader brandName={brandName} logo={logo} />}>
          <BlockedPage brandName={brandName} logo={logo} ip={state.ip} resources={info?.resources ?? []} />
        </Suspense>
      );
    case 'ready':
      if (!permission.data || brandApplied !== permission.data) {
        return <StartupLoader brandName={brandName} logo={logo} />;
      }
      return <ReadyApp permission={permission.data} />;
  }
}

function ReadyApp({ permission }: { permission: SitePermission }) {
  const menus = useGameMenusQuery(true);
  const refetch = menus.refetch;
  const value = useMemo(
    () => ({
      permission,
      menus: menus.data ?? [],
      menusStatus: menus.status,
      retryMenus: () => void refetch(),
    }),
    [permission, menus.data, menus.status, refetch],
  );
  return (
    <SiteDataProvider value={value}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </SiteDataProvider>
  );
}
