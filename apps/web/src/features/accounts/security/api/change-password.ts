import { useMutation, useQueryClient } from '@tanstack/react-query';
import { memberInfoKey } from '../../../../lib/account/member-info';
import { apiCall } from '../../../../lib/api';
import { startSession } from '../../../../lib/session/session-store';

/** Spec §3 Change-password payload; oldPassword is left out when the member has none. */
export interface ChangePasswordPayload {
  oldPassword?: string;
  newPassword: string;
  confirmNewPassword: string;
}

/** POST /wps/member/password (T, E). */
export const changePassword = (payload: ChangePasswordPayload) =>
  apiCall('changePassword', { body: payload });

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['member', 'password'],
    mutationFn: changePassword,
    // A change ends every session; the reply carries this browser's new token. Then the login
    // info is read again (spec §4: refresh login info).
    onSuccess: (value) => {
      startSession(value.token, { account: value.userName, username: value.userName });
      return queryClient.invalidateQueries({ queryKey: memberInfoKey });
    },
  });
}
