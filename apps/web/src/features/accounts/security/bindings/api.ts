import type { Bindings, RouteBody } from '@aurum/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { memberInfoKey } from '../../../../lib/account/member-info';
import { apiCall } from '../../../../lib/api';
import { useSessionToken } from '../../../../lib/session/session-store';

export const bindingsKey = ['member', 'bindings'] as const;

/** GET /wps/member/bindings (T): email, mobile (masked), Google and Facebook. */
export const getBindings = () => apiCall('bindings');

export function useBindings() {
  const token = useSessionToken();
  return useQuery<Bindings>({
    queryKey: [...bindingsKey, token],
    queryFn: getBindings,
    enabled: token !== null,
  });
}

/** POST /wps/member/bindings/code (T): a code to the NEW email or mobile. */
export const sendBindingCode = (body: RouteBody<'bindingCode'>) => apiCall('bindingCode', { body });

/** The bindings (and the profile's email and mobile) change with every confirmed binding. */
function useBindingMutation<B>(key: string, fn: (body: B) => Promise<Bindings>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['member', 'bindings', key],
    mutationFn: fn,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: bindingsKey }),
        queryClient.invalidateQueries({ queryKey: memberInfoKey }),
      ]);
    },
  });
}

/** POST /wps/member/bindings/confirm (T, E): the code and the login password bind the address. */
export const useConfirmBinding = () =>
  useBindingMutation('confirm', (body: RouteBody<'bindingConfirm'>) => apiCall('bindingConfirm', { body }));

/** POST /wps/member/bindings/social/unlink (T, E): needs the login password. */
export const useUnlinkSocial = () =>
  useBindingMutation('unlink', (body: RouteBody<'socialUnlink'>) => apiCall('socialUnlink', { body }));

/** POST /wps/member/bindings/social/link (T): the provider's page to open; it comes back to returnTo. */
export const startSocialLink = (body: RouteBody<'socialLink'>) => apiCall('socialLink', { body });
