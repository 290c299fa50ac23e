import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../../lib/api';
import { useFeature } from '../../../lib/site';
import { STORAGE_KEYS } from '../../../lib/storage/storage';
import { sessionCached } from './session-cache';

/** How many hot games the list holds (the /hot page, maintenance suggestions). */
export const HOT_GAMES_LIMIT = 24;

/**
 * GET /lgw/games/popular with the spec's isPlatform 2 and platforms flash and html5-desktop
 * (checklist: Games), kept in session storage until the member asks for a refresh (spec §4).
 * Nothing is asked for while the merchant's hot games (GAMELOHOT3) are off.
 */
export function useHotGames() {
  const { i18n } = useTranslation();
  const enabled = useFeature('GAMELOHOT3');
  const query = useQuery({
    ...sessionCached(STORAGE_KEYS.hotGames, i18n.language, (signal) =>
      apiCall('hotGames', {
        query: { isPlatform: '2', platforms: 'flash,html5-desktop', limit: HOT_GAMES_LIMIT },
        signal,
      }),
    ),
    enabled,
  });
  return { ...query, enabled };
}
