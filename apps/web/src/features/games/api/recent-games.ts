import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../../lib/api';
import { useSessionToken } from '../../../lib/session/session-store';

export const recentGamesKey = ['games', 'recent'] as const;

/** GET /lgw/games/recent: the member's most recently launched games, newest first (members only). */
export function useRecentGames(enabled: boolean) {
  const token = useSessionToken();
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...recentGamesKey, token, i18n.language],
    queryFn: ({ signal }) => apiCall('recentGames', { signal }),
    enabled: enabled && token !== null,
  });
}
