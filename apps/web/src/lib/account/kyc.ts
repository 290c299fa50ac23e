import type { KycInfo, RouteBody } from '@aurum/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../api';
import { useSessionToken } from '../session/session-store';

export const kycKey = ['member', 'kyc'] as const;

/** GET /wps/member/kyc (T): where the member's identity verification stands. */
export const getKycInfo = () => apiCall('kycInfo');

export function useKycInfo() {
  const token = useSessionToken();
  return useQuery<KycInfo>({
    queryKey: [...kycKey, token],
    queryFn: getKycInfo,
    enabled: token !== null,
    staleTime: 30_000,
  });
}

/** POST /wps/member/kyc (T): the document type and the two photos as data URLs. */
export const submitKyc = (body: RouteBody<'kycSubmit'>) => apiCall('kycSubmit', { body });

export function useSubmitKyc() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...kycKey, 'submit'],
    mutationFn: submitKyc,
    onSuccess: (info) => queryClient.setQueriesData<KycInfo>({ queryKey: kycKey }, info),
  });
}
