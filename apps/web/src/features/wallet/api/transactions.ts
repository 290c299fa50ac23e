import type { RouteQuery } from '@aurum/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';
import { transactionsKey } from '../../../lib/money/balance';
import { useSessionToken } from '../../../lib/session/session-store';

/** Rows the account record shows per page. */
export const TRANSACTIONS_PAGE_SIZE = 10;

export type TransactionsQuery = Required<Pick<RouteQuery<'transactions'>, 'startTime' | 'endTime' | 'page'>> &
  Pick<RouteQuery<'transactions'>, 'txTypeIds'>;

/** GET /wps/member/transactions: the member's own movements in a range, newest first, paged. */
export function useTransactions(query: TransactionsQuery | null) {
  const token = useSessionToken();
  return useQuery({
    queryKey: [...transactionsKey, token, query],
    queryFn: ({ signal }) =>
      apiCall('transactions', { query: { ...query!, size: TRANSACTIONS_PAGE_SIZE }, signal }),
    enabled: token !== null && query !== null,
    // Paging and filtering keep the rows shown until the next ones arrive (no jump to empty).
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}
