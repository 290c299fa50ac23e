import type { RouteBody } from '@aurum/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../../lib/api';
import { refreshAfterMovement } from '../../../lib/money/balance';
import { useSessionToken } from '../../../lib/session/session-store';

/** Every points answer: balance, items, config, redeem history and details. */
export const pointsRootKey = ['points'] as const;
export const POINTS_PAGE_SIZE = 10;

/** Points move as bets settle: read again when the mall is opened and every half minute. */
const POINTS_STALE_MS = 10_000;
const POINTS_REFRESH_MS = 30_000;

/** GET /wps/points/balance: current points, points waiting for wagering, the main wallet. */
export function usePointsBalance() {
  const token = useSessionToken();
  return useQuery({
    queryKey: [...pointsRootKey, 'balance', token],
    queryFn: ({ signal }) => apiCall('pointsBalance', { signal }),
    enabled: token !== null,
    staleTime: POINTS_STALE_MS,
    refetchInterval: POINTS_REFRESH_MS,
  });
}

/** GET /wps/points/rewards: the items with their remaining stock, in the page's language. */
export function usePointsItems() {
  const token = useSessionToken();
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...pointsRootKey, 'items', token, i18n.language],
    queryFn: ({ signal }) => apiCall('pointsRewards', { signal }),
    enabled: token !== null,
    staleTime: POINTS_STALE_MS,
  });
}

/** GET /wps/points/config: the rate, the earning ratios and the rules text. */
export function usePointsConfig() {
  const token = useSessionToken();
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...pointsRootKey, 'config', token, i18n.language],
    queryFn: ({ signal }) => apiCall('pointsConfig', { signal }),
    enabled: token !== null,
    staleTime: 5 * 60_000,
  });
}

/** GET /wps/points/redemptions: the member's redeem records, newest first, paged. */
export function usePointsRedemptions(page: number) {
  const token = useSessionToken();
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...pointsRootKey, 'redemptions', token, i18n.language, page],
    queryFn: ({ signal }) =>
      apiCall('pointsRedemptions', { query: { page, size: POINTS_PAGE_SIZE }, signal }),
    enabled: token !== null,
    placeholderData: keepPreviousData,
    staleTime: POINTS_STALE_MS,
  });
}

/** GET /wps/points/details: the member's points movements, newest first, paged. */
export function usePointsDetails(page: number) {
  const token = useSessionToken();
  return useQuery({
    queryKey: [...pointsRootKey, 'details', token, page],
    queryFn: ({ signal }) => apiCall('pointsDetails', { query: { page, size: POINTS_PAGE_SIZE }, signal }),
    enabled: token !== null,
    placeholderData: keepPreviousData,
    staleTime: POINTS_STALE_MS,
  });
}

function useRefreshAfter() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: pointsRootKey }),
      refreshAfterMovement(queryClient),
    ]);
}

/** POST /wps/points/convert (encrypted): cash from the main wallet → points. */
export function usePointsConvert() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationKey: [...pointsRootKey, 'convert'],
    mutationFn: (body: RouteBody<'pointsConvert'>) => apiCall('pointsConvert', { body }),
    onSettled: refresh,
  });
}

/** POST /wps/points/redeem (encrypted): an item for points (and money), to a delivery address. */
export function usePointsRedeem() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationKey: [...pointsRootKey, 'redeem'],
    mutationFn: (body: RouteBody<'pointsRedeem'>) => apiCall('pointsRedeem', { body }),
    onSettled: refresh,
  });
}
