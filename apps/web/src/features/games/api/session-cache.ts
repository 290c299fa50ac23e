import { readStorage, type STORAGE_KEYS, writeStorage } from '../../../lib/storage/storage';

type CacheKey = typeof STORAGE_KEYS.hotGames | typeof STORAGE_KEYS.winners;

interface Cached<T> {
  /** The i18n language the names are in: another language's copy is not used. */
  language: string;
  savedAt: number;
  value: T;
}

const isList = (v: unknown): v is { list: unknown[] } =>
  typeof v === 'object' && v !== null && Array.isArray((v as { list?: unknown }).list);

/**
 * Spec §4 Caching: hot games and the winners board are kept in session storage until a refresh
 * is asked. These are the query options that make it so: the first read comes from storage
 * (nothing is fetched while it holds a copy in this language), every fetch writes the copy, and
 * nothing refetches on its own; `refetch()` is the refresh.
 */
export function sessionCached<T extends { list: unknown[] }>(
  key: CacheKey,
  language: string,
  fetch: (signal: AbortSignal) => Promise<T>,
) {
  const read = (): Cached<T> | null => {
    try {
      const cached = JSON.parse(readStorage('session', key) ?? 'null') as Cached<T> | null;
      return cached && cached.language === language && isList(cached.value) ? cached : null;
    } catch {
      return null;
    }
  };
  return {
    queryKey: ['games', key, language] as const,
    queryFn: async ({ signal }: { signal: AbortSignal }) => {
      const value = await fetch(signal);
      writeStorage('session', key, JSON.stringify({ language, savedAt: Date.now(), value }));
      return value;
    },
    initialData: () => read()?.value,
    initialDataUpdatedAt: () => read()?.savedAt,
    staleTime: Number.POSITIVE_INFINITY,
  };
}
