import type { TFunction } from 'i18next';
import { errorCodeOf, errorTextKey, isApiError } from '../api';

/** Server codes of the wallet and transfer calls with their own text in the funds catalogue. */
const FUNDS_ERROR_TEXT = {
  'wallet.insufficient.funds': 'errors.insufficientFunds',
  'wallet.amount.invalid': 'errors.amountInvalid',
  'wallet.account.invalid': 'errors.walletInvalid',
  'wallet.transfer.forbidden': 'errors.transferForbidden',
  'wallet.busy': 'errors.walletBusy',
  'cashier.amount.out.of.range': 'errors.amountOutOfRange',
  'payment.password.required': 'errors.paymentPasswordRequired',
  'payment.password.invalid': 'errors.paymentPasswordInvalid',
  'transfer.no.upline': 'errors.noUpline',
  'transfer.not.downline': 'errors.notDownline',
  'agent.only': 'errors.agentOnly',
  'transfer.vendor.unknown': 'errors.vendorUnknown',
  'transfer.single.wallet': 'errors.singleWallet',
  'idempotency.conflict': 'errors.idempotencyConflict',
  'request.invalid': 'errors.requestInvalid',
  'validation.failed': 'errors.requestInvalid',
} as const;

export type FundsErrorKey = (typeof FUNDS_ERROR_TEXT)[keyof typeof FUNDS_ERROR_TEXT];

/** The funds catalogue key for a code, or null when the funds texts have none for it. */
export function fundsErrorKey(code: string | null | undefined): FundsErrorKey | null {
  return code && Object.hasOwn(FUNDS_ERROR_TEXT, code)
    ? FUNDS_ERROR_TEXT[code as keyof typeof FUNDS_ERROR_TEXT]
    : null;
}

/**
 * The text for a failed funds call in the member's language, chosen by its errorCode: the funds
 * catalogue first, then the app's common error texts (network, session, feature off, trial…);
 * a code neither knows shows the server's own message, and the generic text when there is none.
 */
export function fundsErrorText(t: TFunction<'funds'>, tc: TFunction, error: unknown): string {
  const code = errorCodeOf(error);
  const own = fundsErrorKey(code);
  if (own) return t(own);
  const common = errorTextKey(code);
  if (common !== 'errors.unknown') return tc(common);
  if (isApiError(error) && error.message && code !== 'response.invalid') return error.message;
  return tc('errors.unknown');
}
