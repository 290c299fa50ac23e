import type { GameMenu } from '@aurum/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiCall } from '../../../lib/api';
import { bootData, bootDataReadAt } from '../../../lib/boot/boot-data';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../../lib/storage/storage';

/** The vendor catalogue is cached for the visit (spec §4 Caching: vendor list cached). */
export const GAME_MENUS_STALE_TIME_MS = 15 * 60_000;

export const gameMenusQueryKey = ['games', 'menus'] as const;

export const getGameMenus = (signal?: AbortSignal): Promise<GameMenu[]> => apiCall('gameMenus', { signal });

interface StoredMenus {
  savedAt: number;
  value: GameMenu[];
}

/** The session's copy of the vendor catalogue (session key `vendors`, spec §9), or null. */
function storedMenus(): StoredMenus | null {
  try {
    const stored = JSON.parse(readStorage('session', STORAGE_KEYS.vendors) ?? 'null') as StoredMenus | null;
    return stored && Array.isArray(stored.value) && typeof stored.savedAt === 'number' ? stored : null;
  } catch {
    return null;
  }
}

export const gameMenusQueryOptions = () =>
  queryOptions({
    queryKey: gameMenusQueryKey,
    queryFn: ({ signal }) => getGameMenus(signal),
    // The page's own copy first, else the session's copy (kept only for its stale time).
    initialData: () => bootData().gameMenus ?? storedMenus()?.value,
    initialDataUpdatedAt: () => (bootData().gameMenus ? bootDataReadAt() : storedMenus()?.savedAt),
    staleTime: GAME_MENUS_STALE_TIME_MS,
  });

/** Enabled only once the site is known to be open (not in maintenance or blocked). */
export function useGameMenusQuery(enabled: boolean) {
  const query = useQuery({ ...gameMenusQueryOptions(), enabled });
  const { data, dataUpdatedAt } = query;
  // Whatever the catalogue came from (the page, the session or the server), the session keeps it.
  useEffect(() => {
    if (data)
      writeStorage('session', STORAGE_KEYS.vendors, JSON.stringify({ savedAt: dataUpdatedAt, value: data }));
  }, [data, dataUpdatedAt]);
  return query;
}
