import type { RouteBody, RouteQuery } from '@aurum/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';
import { refreshAfterMovement } from '../../../lib/money/balance';
import { useSessionToken } from '../../../lib/session/session-store';

export const reportsKey = ['agent', 'reports'] as const;
export const envelopesKey = ['agent', 'envelopes'] as const;
/** Report rows move with every bet and transfer: fresh after half a minute. */
const REPORT_STALE_MS = 30_000;
/** Rows per page of a report. */
export const REPORT_PAGE_SIZE = 20;

export type ReportName = 'teamBets' | 'teamPnl' | 'downlineTransactions' | 'agentIncome';
export type ReportFilters<N extends ReportName> = Omit<RouteQuery<N>, 'page' | 'size'>;

/** GET /wps/agent/reports/{bets,pnl,transactions,income}: one page of a team report. */
export function useTeamReport<N extends ReportName>(name: N, page: number, filters: ReportFilters<N>) {
  const token = useSessionToken();
  return useQuery({
    queryKey: [...reportsKey, name, token, page, filters],
    queryFn: ({ signal }) =>
      apiCall(name, { query: { ...filters, page, size: REPORT_PAGE_SIZE } as RouteQuery<N>, signal }),
    enabled: token !== null,
    placeholderData: keepPreviousData,
    staleTime: REPORT_STALE_MS,
  });
}

/** GET /wps/agent/reports/csv: every row of one report's period as a CSV file. */
export function useReportCsv() {
  return useMutation({
    mutationKey: [...reportsKey, 'csv'],
    mutationFn: (query: RouteQuery<'agentReportCsv'>) => apiCall('agentReportCsv', { query }),
  });
}

/** GET /wps/agent/envelopes: the agent's red envelopes, newest first. */
export function useRedEnvelopes(page: number) {
  const token = useSessionToken();
  return useQuery({
    queryKey: [...envelopesKey, token, page],
    queryFn: ({ signal }) => apiCall('redEnvelopes', { query: { page, size: REPORT_PAGE_SIZE }, signal }),
    enabled: token !== null,
    placeholderData: keepPreviousData,
    staleTime: REPORT_STALE_MS,
  });
}

/** POST /wps/agent/envelopes (E): a red envelope to direct downlines. */
export function useSendRedEnvelope() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: [...envelopesKey, 'send'],
    mutationFn: (body: RouteBody<'sendRedEnvelope'>) => apiCall('sendRedEnvelope', { body }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: envelopesKey });
      void refreshAfterMovement(client);
    },
  });
}
