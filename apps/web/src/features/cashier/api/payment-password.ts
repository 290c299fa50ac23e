import type { RouteBody } from '@aurum/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { memberInfoKey } from '../../../lib/account/member-info';
import { apiCall } from '../../../lib/api';
import { cashierKey } from './keys';

export type PaymentPasswordPayload = RouteBody<'paymentPassword'>;

/**
 * PUT /wps/member/password/payment (E): the first time the login password proves who sets it,
 * later the current payment password.
 */
export const setPaymentPassword = (body: PaymentPasswordPayload) => apiCall('paymentPassword', { body });

export function useSetPaymentPassword() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: [...cashierKey, 'paymentPassword'],
    mutationFn: setPaymentPassword,
    // Withdraw settings say whether one is set; member info carries it as pwdEnabled.
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: cashierKey }),
        client.invalidateQueries({ queryKey: memberInfoKey }),
      ]),
  });
}

/** POST /wps/member/password/payment/reset/code: a code to the bound mobile, for the reset. */
export const sendPaymentResetCode = () => apiCall('paymentPasswordResetCode', { body: {} });

export type PaymentResetPayload = RouteBody<'paymentPasswordReset'>;

/**
 * PUT /wps/member/password/payment/reset (E): a forgotten payment password replaced, proven by
 * the authenticator's code or the code sent to the bound mobile; the lock-out ends with it.
 */
export function useResetPaymentPassword() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: [...cashierKey, 'paymentPasswordReset'],
    mutationFn: (body: PaymentResetPayload) => apiCall('paymentPasswordReset', { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: cashierKey }),
  });
}
