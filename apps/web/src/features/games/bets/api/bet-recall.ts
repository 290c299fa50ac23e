import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../../../lib/api';
import { useSessionToken } from '../../../../lib/session/session-store';
import { betRecordsKey } from './bet-records';

export const betRecallKey = [...betRecordsKey, 'recall'] as const;

/** GET /wps/member/bets/recall: one round replayed, with its balances and fair proof. Null asks nothing. */
export function useBetRecall(orderNo: string | null) {
  const token = useSessionToken();
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...betRecallKey, token, i18n.language, orderNo],
    queryFn: ({ signal }) => apiCall('betRecall', { query: { orderNo: orderNo! }, signal }),
    enabled: token !== null && orderNo !== null,
    // A settled round never changes; an open one settles within the game.
    staleTime: 60_000,
  });
}
