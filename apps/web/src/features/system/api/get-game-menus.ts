import type { GameMenu } from '@aurum/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';
import { bootData, bootDataReadAt } from '../../../lib/boot/boot-data';

/** The vendor catalogue is cached for the visit (spec §4 Caching: vendor list cached). */
export const GAME_MENUS_STALE_TIME_MS = 15 * 60_000;

export const gameMenusQueryKey = ['games', 'menus'] as const;

export const getGameMenus = (signal?: AbortSignal): Promise<GameMenu[]> => apiCall('gameMenus', { signal });

export const gameMenusQueryOptions = () =>
  queryOptions({
    queryKey: gameMenusQueryKey,
    queryFn: ({ signal }) => getGameMenus(signal),
    initialData: () => bootData().gameMenus ?? undefined,
    initialDataUpdatedAt: bootDataReadAt,
    staleTime: GAME_MENUS_STALE_TIME_MS,
  });

/** Enabled only once the site is known to be open (not in maintenance or blocked). */
export const useGameMenusQuery = (enabled: boolean) => useQuery({ ...gameMenusQueryOptions(), enabled });
