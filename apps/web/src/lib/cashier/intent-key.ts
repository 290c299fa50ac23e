import { useCallback, useState } from 'react';
import { isApiError } from '../api';
import { newIdempotencyKey } from '../funds/intent-key';

/**
 * One idempotency key per intent (a deposit, a withdrawal): made with the form, kept across
 * retries and double clicks so the server makes one movement of them, renewed once the intent
 * is done. See `failureEndsIntent` for failures.
 */
export function useIntentKey() {
  const [key, setKey] = useState(newIdempotencyKey);
  const renew = useCallback(() => setKey(newIdempotencyKey()), []);
  return { key, renew };
}

/**
 * Whether a failed attempt ended the intent: the server answered with a refusal (4xx: nothing was
 * done, or the key already stands for another request), so the next attempt is a new intent.
 * Without an answer (network, timeout, 5xx) the first attempt may have gone through, and the
 * retry must carry the same key to be recognised.
 */
export function failureEndsIntent(error: unknown): boolean {
  return isApiError(error) && error.status >= 400 && error.status < 500;
}
