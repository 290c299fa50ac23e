import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';
import { useSessionToken } from '../../../lib/session/session-store';

/** GET /wps/bonus/details, as the bonus details page reads it (same key: a forfeit there refreshes it here). */
export function useBonusTurnover() {
  const token = useSessionToken();
  return useQuery({
    queryKey: ['loyalty', 'bonus', token],
    queryFn: ({ signal }) => apiCall('bonusDetails', { signal }),
    enabled: token !== null,
    staleTime: 10_000,
  });
}
