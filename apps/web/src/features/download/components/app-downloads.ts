import type { Resource } from '@aurum/contract';
import { useSiteData } from '../../../lib/site';

export interface AppDownload {
  key: 'apple' | 'android';
  url: string;
  labelKey: 'device_apple' | 'device_android';
}

/** Spec §2 App download: an Apple code when MOBILECONFIG exists, an Android code when Android exists. */
export function appDownloads(resources: readonly Resource[]): AppDownload[] {
  const apple = resources.find((r) => r.resourceType === 'MOBILECONFIG');
  const android = resources.find((r) => r.resourceType === 'Android');
  const out: AppDownload[] = [];
  if (apple) out.push({ key: 'apple', url: apple.url, labelKey: 'device_apple' });
  if (android) out.push({ key: 'android', url: android.url, labelKey: 'device_android' });
  return out;
}

export const useAppDownloads = () => appDownloads(useSiteData().permission.info.resources);
