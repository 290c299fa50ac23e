import { useCallback, useRef } from 'react';
import { isApiError } from '../api';

/** A fresh idempotency key (the contract accepts letters, digits and : . _ -). */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
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

/**
 * One idempotency key per intent (STYLE.md 9): a deposit, a withdrawal, a transfer. The same
 * request sent again (a retry after a timeout, a second click) carries the same key, so the
 * server makes one movement of them. A new intent gets a new key: a request that differs (the
 * member changed the amount after a failure; the server refuses a known key with another
 * request), the next one after a success (`complete`), and the next one after a refusal
 * (`failed`, see `failureEndsIntent`).
 */
export function useIntentKey() {
  const current = useRef<{ key: string; request: string | null }>({
    key: newIdempotencyKey(),
    request: null,
  });

  /** The key for this request (its canonical text), minting a new one when the intent changed. */
  const keyFor = useCallback((request: unknown): string => {
    const text = JSON.stringify(request);
    const intent = current.current;
    if (intent.request !== null && intent.request !== text) {
      current.current = { key: newIdempotencyKey(), request: text };
    } else {
      intent.request = text;
    }
    return current.current.key;
  }, []);

  /** The intent is done (it succeeded): the next request starts a new one. */
  const complete = useCallback(() => {
    current.current = { key: newIdempotencyKey(), request: null };
  }, []);

  /** An attempt failed: a refusal ends the intent, an unanswered attempt keeps its key for the retry. */
  const failed = useCallback(
    (error: unknown) => {
      if (failureEndsIntent(error)) complete();
    },
    [complete],
  );

  return { keyFor, complete, failed };
}
