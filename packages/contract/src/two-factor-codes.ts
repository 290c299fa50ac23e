/**
 * Two-factor sign-in's fixed values, kept free of schemas so the browser can import them
 * (apps/web/src/lib/contract.ts); schemas/two-factor.ts builds its schemas on them.
 */

/** Seconds a login challenge ticket can be answered in. */
export const TWO_FACTOR_TICKET_SECONDS = 300;
/** Wrong codes after which a login challenge ticket is burnt. */
export const TWO_FACTOR_TICKET_TRIES = 5;
export const RECOVERY_CODE_COUNT = 10;
/** A code of the authenticator app. */
export const TOTP_CODE_PATTERN = /^[0-9]{6}$/;
/**
 * A recovery code as shown (`XXXX-XXXX-XXXX`, from an alphabet without 0/O, 1/I/L); typed in
 * any case, with or without the dashes or spaces.
 */
export const RECOVERY_CODE_PATTERN =
  /^[2-9A-HJKMNP-Za-hjkmnp-z]{4}[- ]?[2-9A-HJKMNP-Za-hjkmnp-z]{4}[- ]?[2-9A-HJKMNP-Za-hjkmnp-z]{4}$/;
