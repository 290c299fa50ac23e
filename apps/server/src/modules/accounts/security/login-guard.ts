import { MINUTE_MS, SECOND_MS } from '../../../platform/clock.ts';
import { AppError } from '../../../platform/errors.ts';
import type { RateLimiter } from '../../../platform/rate-limit.ts';

/** Failures are counted over this window, per account name and per client address. */
export const FAILURE_WINDOW_MS = 15 * MINUTE_MS;
/** Failures after which the account name is locked for the rest of the window. */
export const ACCOUNT_LOCK_FAILURES = 10;
/** Failures after which the client is locked (many accounts tried from one address). */
export const CLIENT_LOCK_FAILURES = 30;
/** Counting never refuses by itself; the lock thresholds above decide. */
const COUNT_ONLY = Number.MAX_SAFE_INTEGER;

export interface GuardState {
  /** The captcha must be answered before the password is even checked. */
  captchaNeeded: boolean;
  /** > 0: the account name is locked for this long (a known device or network may still sign in). */
  accountLockedForMs: number;
  /** > 0: the client is locked for this long (many accounts tried from it). */
  clientLockedForMs: number;
  /** Failures counted for the client in the window. */
  clientFailures: number;
}

/** The refusal of a locked sign-in: the time left, in the message and in details.retryAfterSeconds. */
export function lockedError(lockedForMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(lockedForMs / SECOND_MS));
  const minutes = Math.ceil(seconds / 60);
  return new AppError(
    'login.locked',
    `Too many failed attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
    { retryAfterSeconds: String(seconds) },
  );
}

/**
 * Brute-force defence for password logins. Failures count per account name (whether the
 * account exists or not, so the replies cannot tell) and per client: after a few a captcha is
 * required, after more the name or client is locked until the window ends.
 */
export class LoginGuard {
  constructor(private readonly limiter: RateLimiter) {}

  private keys(merchantCode: string, account: string, ip: string) {
    return {
      account: `loginfail:acct:${merchantCode}:${account.trim().toLowerCase()}`,
      client: `loginfail:ip:${ip}`,
    };
  }

  async state(merchantCode: string, account: string, ip: string, captchaAfter: number): Promise<GuardState> {
    const k = this.keys(merchantCode, account, ip);
    const [acct, client] = await Promise.all([this.limiter.peek(k.account), this.limiter.peek(k.client)]);
    return {
      captchaNeeded: acct.count >= captchaAfter || client.count >= captchaAfter,
      accountLockedForMs: acct.count >= ACCOUNT_LOCK_FAILURES ? acct.retryAfterMs : 0,
      clientLockedForMs: client.count >= CLIENT_LOCK_FAILURES ? client.retryAfterMs : 0,
      clientFailures: client.count,
    };
  }

  /** Counts a failure; true when the next attempt will need a captcha. */
  async failed(merchantCode: string, account: string, ip: string, captchaAfter: number): Promise<boolean> {
    const k = this.keys(merchantCode, account, ip);
    const [acct, client] = await Promise.all([
      this.limiter.hit(k.account, COUNT_ONLY, FAILURE_WINDOW_MS),
      this.limiter.hit(k.client, COUNT_ONLY, FAILURE_WINDOW_MS),
    ]);
    return acct.count >= captchaAfter || client.count >= captchaAfter;
  }

  /** A good login clears its account's count (not the client's: one good account must not
   * whitewash an address that is guessing at others). */
  async succeeded(merchantCode: string, account: string, ip: string): Promise<void> {
    await this.limiter.reset(this.keys(merchantCode, account, ip).account);
  }

  /** Failures from one device (its cookie's hash) in the window: a known device's own budget. */
  async deviceFailures(deviceHash: string): Promise<number> {
    return (await this.limiter.peek(`loginfail:device:${deviceHash}`)).count;
  }

  async deviceFailed(deviceHash: string): Promise<void> {
    await this.limiter.hit(`loginfail:device:${deviceHash}`, COUNT_ONLY, FAILURE_WINDOW_MS);
  }

  /** An unlock link was redeemed: the account name's count (and so its lock) is cleared. */
  async unlock(merchantCode: string, account: string): Promise<void> {
    await this.limiter.reset(this.keys(merchantCode, account, '').account);
  }
}
