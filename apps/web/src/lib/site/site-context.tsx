import type { Brand, FeatureKey, GameMenu, Resource, SitePermission } from '@aurum/contract';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { isFeatureOn } from '../contract';

export type MenusStatus = 'pending' | 'error' | 'success';

/** Data every screen may read once start-up has finished: site permission data and the game menus. */
export interface SiteData {
  permission: SitePermission;
  menus: readonly GameMenu[];
  menusStatus: MenusStatus;
  retryMenus: () => void;
}

const SiteContext = createContext<SiteData | null>(null);

export function SiteDataProvider({ value, children }: { value: SiteData; children: ReactNode }) {
  return <SiteContext.Provider value={value}>{children}</SiteContext.Provider>;
}

export function useSiteData(): SiteData {
  const data = useContext(SiteContext);
  if (!data) throw new Error('useSiteData must be used inside SiteDataProvider (after start-up).');
  return data;
}

export const useBrand = (): Brand => useSiteData().permission.info.brand;

export function useResources(type: Resource['resourceType']): Resource[] {
  const { resources } = useSiteData().permission.info;
  return useMemo(() => resources.filter((r) => r.resourceType === type), [resources, type]);
}

/** Whether a whitelabel feature is on (`isFeatureOn(whitelabelVal, key)`). */
export function useFeature(key: FeatureKey): boolean {
  return isFeatureOn(useSiteData().permission.info.whitelabelVal, key);
}

export function useGameMenus() {
  const { menus, menusStatus, retryMenus } = useSiteData();
  return { menus, status: menusStatus, retry: retryMenus };
}
