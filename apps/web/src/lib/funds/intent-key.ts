import { useCallback, useRef } from 'react';

/** A fresh idempotency key (the contract accepts letters, digits and : . _ -). */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/**
 * One idempotency key per intent (STYLE.md 9). The same request sent again — a retry after a
 * timeout, a second click — carries the same key, so the server makes one movement; a request
 * that differs (the member changed the amount after a failure) is a new intent and gets a new
 * key, since the server refuses a known key with another request. After a success the next
 * request is a new intent too.
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

  return { keyFor, complete };
}
