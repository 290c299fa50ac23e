import type { TFunction } from 'i18next';
import { commonErrorText, errorCodeOf, errorTextKey, isApiError } from '../api';

/** Server codes of the money calls (cashier, wallet, transfers) with their own text in the funds catalogue. */
const MONEY_ERROR_TEXT = {
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
  'wallet.account.invalid': 'errors.walletInvalid',
  'wallet.transfer.forbidden': 'errors.transferForbidden',
  'wallet.busy': 'errors.walletBusy',
  'transfer.no.upline': 'errors.noUpline',
  'transfer.not.downline': 'errors.notDownline',
  'agent.only': 'errors.agentOnly',
  'transfer.vendor.unknown': 'errors.vendorUnknown',
  'transfer.vendor.unplayable': 'errors.vendorUnplayable',
  'transfer.single.wallet': 'errors.singleWallet',
  'idempotency.conflict': 'errors.idempotencyConflict',
  'payload.too.large': 'errors.proofInvalid',
  'request.invalid': 'errors.requestInvalid',
  'validation.failed': 'errors.requestInvalid',
  'trial.forbidden': 'errors.trial',
  'two.factor.required': 'errors.twoFactorRequired',
  'two.factor.code.required': 'errors.twoFactorCodeRequired',
  'two.factor.code.invalid': 'errors.twoFactorCodeInvalid',
  'loyalty.wagering.open': 'errors.wageringOpen',
} as const;

export type MoneyErrorKey = (typeof MONEY_ERROR_TEXT)[keyof typeof MONEY_ERROR_TEXT];

/** The funds catalogue key for a code, or null when the money texts have none for it. */
export function moneyErrorKey(code: string | null | undefined): MoneyErrorKey | null {
  return code && Object.hasOwn(MONEY_ERROR_TEXT, code)
    ? MONEY_ERROR_TEXT[code as keyof typeof MONEY_ERROR_TEXT]
    : null;
}

/**
 * The text for a failed money call in the member's language, chosen by its errorCode: the money
 * texts first (funds catalogue), then the app's common error texts (network, session, feature
 * off, trial…); a code neither knows (a server newer than this build) shows the server's own
 * message, and the generic text when there is none.
 */
export function moneyErrorText(t: TFunction<'funds'>, tc: TFunction, error: unknown): string {
  const code = errorCodeOf(error);
  const own = moneyErrorKey(code);
  // A refusal's details fill its text (the remaining turnover of loyalty.wagering.open).
  if (own) return t(own, isApiError(error) ? error.details : undefined);
  const common = errorTextKey(code);
  if (common !== 'errors.unknown') return commonErrorText(tc, error);
  if (isApiError(error) && error.message && code !== 'response.invalid') return error.message;
  return tc('errors.unknown');
}
