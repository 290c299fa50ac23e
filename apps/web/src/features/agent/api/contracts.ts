import type { ContractKind, RouteBody, RouteQuery } from '@aurum/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';
import { refreshAfterMovement } from '../../../lib/money/balance';
import { useSessionToken } from '../../../lib/session/session-store';

/** Every contract query: a contract event (offer, answer, settlement) reads them all again. */
export const contractsKey = ['agent', 'contracts'] as const;
export const contractInfoKey = [...contractsKey, 'info'] as const;
/** Contracts change only by the parties' own answers, each announced on the socket. */
const CONTRACTS_STALE_MS = 60_000;
/** Bills per page. */
export const BILLS_PAGE_SIZE = 10;

/** GET /wps/agent/contracts/info: the kinds on for me and the requests waiting for my answer. */
export function useContractInfo(enabled = true) {
  const token = useSessionToken();
  return useQuery({
    queryKey: [...contractInfoKey, token],
    queryFn: ({ signal }) => apiCall('contractInfo', { signal }),
    enabled: enabled && token !== null,
    staleTime: CONTRACTS_STALE_MS,
  });
}

/** GET /wps/agent/contracts?kind=: the contracts of a kind I hold (from my upline) and offered. */
export function useContracts(kind: ContractKind) {
  const token = useSessionToken();
  return useQuery({
    queryKey: [...contractsKey, 'list', token, kind],
    queryFn: ({ signal }) => apiCall('contracts', { query: { kind }, signal }),
    enabled: token !== null,
    staleTime: CONTRACTS_STALE_MS,
  });
}

export type BillFilters = Omit<RouteQuery<'contractBills'>, 'page' | 'size' | 'kind'>;

/** GET /wps/agent/contracts/bills: one page of the settlements of my contracts of a kind. */
export function useContractBills(kind: ContractKind, page: number, filters: BillFilters) {
  const token = useSessionToken();
  return useQuery({
    queryKey: [...contractsKey, 'bills', token, kind, page, filters],
    queryFn: ({ signal }) =>
      apiCall('contractBills', {
        query: { ...filters, kind, page, size: BILLS_PAGE_SIZE } as RouteQuery<'contractBills'>,
        signal,
      }),
    enabled: token !== null,
    placeholderData: keepPreviousData,
    staleTime: CONTRACTS_STALE_MS,
  });
}

/** POST /wps/agent/contracts: offer a direct downline agent a contract (pending until it answers). */
export function useOfferContract() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: [...contractsKey, 'offer'],
    mutationFn: (body: RouteBody<'offerContract'>) => apiCall('offerContract', { body }),
    onSettled: () => void client.invalidateQueries({ queryKey: contractsKey }),
  });
}

/** PUT /wps/agent/contracts: accept, reject (or withdraw) and ask to terminate. */
export function useContractAction() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: [...contractsKey, 'action'],
    mutationFn: (body: RouteBody<'contractAction'>) => apiCall('contractAction', { body }),
    onSettled: () => void client.invalidateQueries({ queryKey: contractsKey }),
  });
}

/** GET /wps/agent/contracts/claims (DAYSALMR): one page of my daily salaries to claim by hand. */
export function useSalaryClaims(page: number, enabled = true) {
  const token = useSessionToken();
  return useQuery({
    queryKey: [...contractsKey, 'claims', token, page],
    queryFn: ({ signal }) =>
      apiCall('salaryClaims', {
        query: { page, size: BILLS_PAGE_SIZE } as RouteQuery<'salaryClaims'>,
        signal,
      }),
    enabled: enabled && token !== null,
    placeholderData: keepPreviousData,
    staleTime: CONTRACTS_STALE_MS,
  });
}

/** POST /wps/agent/contracts/claims: claim one daily salary; the money lands in the main wallet. */
export function useClaimSalary() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: [...contractsKey, 'claim'],
    mutationFn: (body: RouteBody<'claimSalary'>) => apiCall('claimSalary', { body }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: contractsKey });
      void refreshAfterMovement(client);
    },
  });
}

/** What a contract event changes: the contract lists, requests and bills; a settlement moved money. */
export function refreshContracts(client: ReturnType<typeof useQueryClient>, settled: boolean): void {
  void client.invalidateQueries({ queryKey: contractsKey });
  if (settled) void refreshAfterMovement(client);
}
