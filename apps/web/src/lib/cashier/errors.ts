import type { TFunction } from 'i18next';
import { catalogueKey, moneyErrorText } from '../funds/errors';

/** Cashier and wallet error codes with their own text in the cashier catalogue. */
const CASHIER_ERROR_TEXT = {
  'cashier.channel.unknown': 'errors.channelUnknown',
  'cashier.amount.out.of.range': 'errors.amountOutOfRange',
  'cashier.deposit.disabled': 'errors.depositDisabled',
  'cashier.gateway.unavailable': 'errors.gatewayUnavailable',
  'cashier.deposit.too.many.pending': 'errors.tooManyPending',
  'cashier.order.not.found': 'errors.orderNotFound',
  'cashier.order.state': 'errors.orderState',
  'cashier.proof.required': 'errors.proofRequired',
  'cashier.proof.invalid': 'errors.proofInvalid',
  'cashier.reference.required': 'errors.referenceRequired',
  'cashier.account.not.found': 'errors.accountNotFound',
  'cashier.account.limit': 'errors.accountLimit',
  'cashier.account.exists': 'errors.accountExists',
  'payment.password.required': 'errors.paymentPasswordRequired',
  'payment.password.invalid': 'errors.paymentPasswordInvalid',
  'payment.password.mismatch': 'errors.paymentPasswordMismatch',
  'payment.password.weak': 'errors.paymentPasswordWeak',
  'password.old.wrong': 'errors.loginPasswordWrong',
  'login.failed': 'errors.loginPasswordWrong',
  'wallet.insufficient.funds': 'errors.insufficientFunds',
  'wallet.amount.invalid': 'errors.amountInvalid',
  'idempotency.conflict': 'errors.idempotencyConflict',
  'payload.too.large': 'errors.proofInvalid',
  'validation.failed': 'errors.checkFields',
  'request.invalid': 'errors.checkFields',
  'trial.forbidden': 'errors.trial',
} as const;

export type CashierErrorKey = (typeof CASHIER_ERROR_TEXT)[keyof typeof CASHIER_ERROR_TEXT];

/** The cashier catalogue key of a code, if it has one. */
export function cashierErrorKey(code: string | null | undefined): CashierErrorKey | null {
  return catalogueKey(CASHIER_ERROR_TEXT, code);
}

/**
 * The member's-language text for a failed cashier call: the cashier catalogue first, then the
 * app's common error texts, then the server's own message (see `moneyErrorText`).
 */
export function cashierErrorText(t: TFunction<'cashier'>, tc: TFunction, error: unknown): string {
  return moneyErrorText(tc, error, (code) => {
    const own = cashierErrorKey(code);
    return own ? t(own) : null;
  });
}
