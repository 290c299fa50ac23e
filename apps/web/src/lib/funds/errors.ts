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
  'transfer.vendor.unplayable': 'errors.vendorUnplayable',
  'transfer.single.wallet': 'errors.singleWallet',
  'idempotency.conflict': 'errors.idempotencyConflict',
  'request.invalid': 'errors.requestInvalid',
  'validation.failed': 'errors.requestInvalid',
} as const;

export type FundsErrorKey = (typeof FUNDS_ERROR_TEXT)[keyof typeof FUNDS_ERROR_TEXT];

/** The funds catalogue key for a code, or null when the funds texts have none for it. */
export function fundsErrorKey(code: string | null | undefined): FundsErrorKey | null {
  return catalogueKey(FUNDS_ERROR_TEXT, code);
}

/** A code's key in a catalogue's table of server codes, or null when that table has none. */
export function catalogueKey<T extends Record<string, string>>(
  table: T,
  code: string | null | undefined,
): T[keyof T] | null {
  return code && Object.hasOwn(table, code) ? table[code as keyof T] : null;
}

/**
 * The text for a failed money call in the member's language, chosen by its errorCode: the page's
 * own catalogue text (`own`) first, then the app's common error texts (network, session, feature
 * off, trial…); a code neither knows (a server newer than this build) shows the server's own
 * message, and the generic text when there is none.
 */
export function moneyErrorText(
  tc: TFunction,
  error: unknown,
  own: (code: string | null) => string | null,
): string {
  const code = errorCodeOf(error);
  const text = own(code);
  if (text !== null) return text;
  const common = errorTextKey(code);
  if (common !== 'errors.unknown') return tc(common);
  if (isApiError(error) && error.message && code !== 'response.invalid') return error.message;
  return tc('errors.unknown');
}

/** The text for a failed funds call: the funds catalogue first (see `moneyErrorText`). */
export function fundsErrorText(t: TFunction<'funds'>, tc: TFunction, error: unknown): string {
  return moneyErrorText(tc, error, (code) => {
    const own = fundsErrorKey(code);
    return own ? t(own) : null;
  });
}
