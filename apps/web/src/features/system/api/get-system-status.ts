import type { SystemStatus } from '@aurum/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';
import { bootData, bootDataReadAt } from '../../../lib/boot/boot-data';

/** An operator switching maintenance on or off shows within a minute, without a reload. */
export const SYSTEM_STATUS_POLL_MS = 60_000;

export const systemStatusQueryKey = ['system', 'status'] as const;

export const getSystemStatus = (signal?: AbortSignal): Promise<SystemStatus> =>
  apiCall('systemStatus', { signal });

export const systemStatusQueryOptions = () =>
  queryOptions({
    queryKey: systemStatusQueryKey,
    queryFn: ({ signal }) => getSystemStatus(signal),
    initialData: () => bootData().status ?? undefined,
    initialDataUpdatedAt: bootDataReadAt,
    staleTime: SYSTEM_STATUS_POLL_MS,
    refetchInterval: SYSTEM_STATUS_POLL_MS,
  });

export const useSystemStatus = () => useQuery(systemStatusQueryOptions());
