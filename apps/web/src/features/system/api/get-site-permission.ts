import type { SitePermission } from '@aurum/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';
import { bootData, bootDataReadAt } from '../../../lib/boot/boot-data';

/** Site permission data changes only when an operator edits the merchant; re-read every 10 min. */
export const SITE_PERMISSION_STALE_TIME_MS = 10 * 60_000;

export const sitePermissionQueryKey = ['system', 'whitelabel'] as const;

export const getSitePermission = (signal?: AbortSignal): Promise<SitePermission> =>
  apiCall('whitelabel', { signal });

export const sitePermissionQueryOptions = () =>
  queryOptions({
    queryKey: sitePermissionQueryKey,
    queryFn: ({ signal }) => getSitePermission(signal),
    initialData: () => bootData().whitelabel ?? undefined,
    initialDataUpdatedAt: bootDataReadAt,
    staleTime: SITE_PERMISSION_STALE_TIME_MS,
  });

export const useSitePermission = () => useQuery(sitePermissionQueryOptions());
