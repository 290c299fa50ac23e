/**
 * The router state /changePassword is opened with when the server forces the change (the login
 * said forceChangePassword or passwordExpired: a first login with the default password, an
 * operator reset, an expired password). Visited any other way, it is an ordinary change.
 */
export const FORCED_CHANGE_STATE = { forcedPasswordChange: true } as const;

export const isForcedChange = (state: unknown): boolean =>
  typeof state === 'object' &&
  state !== null &&
  (state as { forcedPasswordChange?: unknown }).forcedPasswordChange === true;
