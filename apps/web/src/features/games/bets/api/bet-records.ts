import type { RouteQuery } from '@aurum/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../../../lib/api';
import { useSessionToken } from '../../../../lib/session/session-store';

/** Rows the betting record shows per page. */
export const BET_RECORDS_PAGE_SIZE = 10;
/** Records of settled rounds change only as the member plays. */
export const BET_RECORDS_STALE_MS = 15_000;

/** Under the member root, so signing out drops them. */
export const betRecordsKey = ['member', 'bets'] as const;

export type BetRecordsQuery = Required<
  Pick<RouteQuery<'betRecords'>, 'accountType' | 'startDate' | 'endDate' | 'page'>
>;

/**
 * GET /wps/member/bets: the member's bets in a category and a range of days, newest first,
 * paged, with the totals of the whole range (api-notes: bet records).
 */
export function useBetRecords(query: BetRecordsQuery | null) {
  const token = useSessionToken();
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...betRecordsKey, token, i18n.language, query],
    queryFn: ({ signal }) =>
      apiCall('betRecords', { query: { ...query!, size: BET_RECORDS_PAGE_SIZE }, signal }),
    enabled: token !== null && query !== null,
    // Paging and filtering keep the rows shown until the next ones arrive (no jump to empty).
    placeholderData: keepPreviousData,
    staleTime: BET_RECORDS_STALE_MS,
  });
}
