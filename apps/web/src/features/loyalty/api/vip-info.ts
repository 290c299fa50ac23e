import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../../lib/api';
import { useSessionToken } from '../../../lib/session/session-store';

/** Every loyalty answer: the VIP page and the rebate page and history. */
export const loyaltyRootKey = ['loyalty'] as const;
export const vipInfoKey = [...loyaltyRootKey, 'vip'] as const;

/** The level moves as bets settle and deposits arrive: read again when the page is opened. */
const VIP_STALE_MS = 15_000;

/** GET /wps/vip/info: the member's level, progress toward the next and every level's terms. */
export function useVipInfo() {
  const token = useSessionToken();
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...vipInfoKey, token, i18n.language],
    queryFn: ({ signal }) => apiCall('vipInfo', { signal }),
    enabled: token !== null,
    staleTime: VIP_STALE_MS,
  });
}
