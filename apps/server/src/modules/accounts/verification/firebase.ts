import type { FirebasePhoneSettings } from '@aurum/contract';
import { AppError } from '../../../platform/errors.ts';
import type { MerchantState } from '../../../platform/merchants.ts';
import { accountSettings } from '../security/settings.ts';

/** The Firebase web app a merchant's registration verifies numbers with. */
export type FirebaseWebConfig = Pick<FirebasePhoneSettings, 'apiKey' | 'authDomain' | 'projectId'>;

const GOOGLE_ORIGIN = 'https://identitytoolkit.googleapis.com';
const TIMEOUT_MS = 10_000;
/** Identity Toolkit refusals that mean the token is not (or no longer) good. */
const TOKEN_REFUSALS = new Set(['INVALID_ID_TOKEN', 'TOKEN_EXPIRED', 'USER_NOT_FOUND', 'USER_DISABLED']);

/**
 * The merchant's firebase channel (spec §4 registration), or null when it is off: the
 * registration SMS code then goes through Firebase Authentication phone sign-in, not our SMS.
 */
export function firebaseChannel(merchant: MerchantState): FirebaseWebConfig | null {
  const f = accountSettings(merchant).firebasePhone;
  if (!f.enabled || !merchant.features.has('REGMOBVERF3')) return null;
  return { apiKey: f.apiKey, authDomain: f.authDomain, projectId: f.projectId };
}

export interface FirebasePhoneOptions {
  /** FIREBASE_AUTH_EMULATOR_HOST (host:port): tokens are checked by the Auth emulator instead. */
  emulatorHost?: string | undefined;
  fetch?: typeof fetch;
}

/**
 * Checks a Firebase ID token of a phone sign-in with Identity Toolkit (accounts:lookup, which
 * refuses a token that is forged, expired or of another project) and that the number it proves
 * is the one being registered.
 */
export class FirebasePhone {
  readonly emulatorHost: string | null;
  private readonly fetch: typeof fetch;

  constructor(options: FirebasePhoneOptions = {}) {
    this.emulatorHost = options.emulatorHost ?? null;
    this.fetch = options.fetch ?? globalThis.fetch;
  }

  /** Resolves when the token proves e164; phone.token.invalid / .mismatch or unavailable otherwise. */
  async verify(config: FirebaseWebConfig, idToken: string | undefined, e164: string): Promise<void> {
    if (!idToken || !/^[A-Za-z0-9_.-]+$/.test(idToken)) throw new AppError('phone.token.invalid');
    const origin = this.emulatorHost
      ? `http://${this.emulatorHost}/identitytoolkit.googleapis.com`
      : GOOGLE_ORIGIN;
    const url = `${origin}/v1/accounts:lookup?key=${encodeURIComponent(config.apiKey)}`;
    let res: Response;
    let body: unknown;
    try {
      res = await this.fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ idToken }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      body = await res.json();
    } catch {
      throw new AppError('phone.verification.unavailable');
    }
    if (!res.ok) {
      const reason = errorMessageOf(body);
      if (res.status === 400 && reason && TOKEN_REFUSALS.has(reason))
        throw new AppError('phone.token.invalid');
      throw new AppError('phone.verification.unavailable');
    }
    const phone = phoneNumberOf(body);
    if (!phone) throw new AppError('phone.token.invalid');
    if (phone !== e164) throw new AppError('phone.token.mismatch');
  }
}

/** Identity Toolkit's reason: "INVALID_ID_TOKEN" or "TOKEN_EXPIRED : detail". */
function errorMessageOf(body: unknown): string | null {
  const message = (body as { error?: { message?: unknown } } | null)?.error?.message;
  return typeof message === 'string' ? (message.split(/[\s:]/)[0] ?? null) : null;
}

/** The phone number of the token's one user (E.164 as Firebase keeps it), or null. */
function phoneNumberOf(body: unknown): string | null {
  const users = (body as { users?: unknown } | null)?.users;
  if (!Array.isArray(users) || users.length !== 1) return null;
  const phone = (users[0] as { phoneNumber?: unknown }).phoneNumber;
  return typeof phone === 'string' && /^\+[1-9][0-9]{5,14}$/.test(phone) ? phone : null;
}
