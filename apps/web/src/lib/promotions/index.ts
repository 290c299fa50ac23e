import type { RouteBody } from '@aurum/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../api';
import { defineNamespace } from '../i18n/namespace';
import { useSessionToken } from '../session/session-store';
import { promotionsRootKey } from './keys';
import en from './locales/en.json';

export { promotionsRootKey };

/**
 * The promotions texts and calls (docs/promotions.md): the list with the member's statuses, the
 * detail, the badge count, and the member's actions. Every answer depends on the session, so
 * the token is part of every key; an action refreshes everything under ['promotions'].
 */
export type PromotionsCatalogue = typeof en;

const promotionsTexts = defineNamespace(
  'promotions',
  en,
  import.meta.glob(['./locales/*.json', '!./locales/en.json'], { import: 'default' }),
);

export const PROMOTIONS_NS = promotionsTexts.ns;
export const loadPromotionsTexts = promotionsTexts.load;
/** `t` for the promotions namespace, once the current language's catalogue is in. */
export const usePromotionsTexts = () => promotionsTexts.useTexts();

const PROMOTIONS_STALE_MS = 30_000;

export function usePromotionList() {
  const token = useSessionToken();
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...promotionsRootKey, 'list', token, i18n.language],
    queryFn: ({ signal }) => apiCall('promotionList', { signal }),
    staleTime: PROMOTIONS_STALE_MS,
  });
}

export function usePromotionDetail(id: string | null) {
  const token = useSessionToken();
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...promotionsRootKey, 'detail', id, token, i18n.language],
    queryFn: ({ signal }) => apiCall('promotionDetail', { query: { id: id ?? '' }, signal }),
    enabled: id !== null,
    staleTime: PROMOTIONS_STALE_MS,
  });
}

export function useMyApplications(enabled: boolean) {
  const token = useSessionToken();
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...promotionsRootKey, 'applications', token, i18n.language],
    queryFn: ({ signal }) => apiCall('promotionApplications', { signal }),
    enabled: enabled && token !== null,
  });
}

export type PromotionActionCall =
  | 'promotionJoin'
  | 'promotionRewardRequest'
  | 'promotionClaim'
  | 'promotionRaffleClaim';

/** Join, request the reward, claim or draw; refreshes the statuses and the badge after. */
export function usePromotionAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...promotionsRootKey, 'action'],
    mutationFn: ({ call, id }: { call: PromotionActionCall; id: string }) => apiCall(call, { body: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: promotionsRootKey }),
  });
}

export function useApplyForPromotion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...promotionsRootKey, 'apply'],
    mutationFn: (body: RouteBody<'promotionApply'>) => apiCall('promotionApply', { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: promotionsRootKey }),
  });
}
