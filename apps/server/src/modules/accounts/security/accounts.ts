import type { Clock } from '../../../platform/clock.ts';
import { prepareDummyHash, type SecretBox, ServerKeys } from '../../../platform/crypto.ts';
import type { Database } from '../../../platform/db.ts';
import type { RequestGuards } from '../../../platform/http.ts';
import type { MessageProvider } from '../../../platform/outbox.ts';
import type { RateLimiter } from '../../../platform/rate-limit.ts';
import { ReplayGuard, type SeenIds } from '../../../platform/replay.ts';
import { PasswordService } from '../member/password.ts';
import { RegistrationService } from '../member/register.ts';
import { MemberService } from '../member/service.ts';
import { VipStandings } from '../member/vip-standing.ts';
import { HandoffService } from '../session/handoff.ts';
import { LoginService } from '../session/login.ts';
import { SessionSecurity } from '../session/security.ts';
import { SessionService } from '../session/service.ts';
import { CaptchaService } from '../verification/captcha.ts';
import { CodeStore } from '../verification/codes.ts';
import { FirebasePhone } from '../verification/firebase.ts';
import { SmsService } from '../verification/sms.ts';
import { LoginGuard } from './login-guard.ts';
import { LoginUnlock } from './login-unlock.ts';
import { PaymentResetProof } from './payment-reset.ts';
import { SecurityEvents } from './security-events.ts';
import { TwoFactorService } from './two-factor/service.ts';

export interface AccountDeps {
  database: Database;
  clock: Clock;
  limiter: RateLimiter;
  /** Ids of E bodies already taken, shared by every process: a replayed body is refused. */
  seenIds: SeenIds;
  messenger: MessageProvider;
  /** Seals the secrets kept in the database (authenticator keys) with the site's secrets key. */
  secrets: SecretBox;
  /** PUBLIC_URL: the site's origin for links sent to members (unlock links, password reset). */
  publicUrl?: string | undefined;
  /**
   * COUNTRY_HEADER: a header the load balancer sets to the client's two-letter country (e.g.
   * `CF-IPCountry`), trusted for the place of a sign-in.
   */
  countryHeader?: string | undefined;
  /** The captcha text source; tests pass one they can answer. */
  captchaText?: (() => string) | undefined;
  /** FIREBASE_AUTH_EMULATOR_HOST: the firebase channel's tokens are checked by this emulator. */
  firebaseEmulatorHost?: string | undefined;
}

export type Accounts = Awaited<ReturnType<typeof createAccounts>>;

/** Builds the services of the accounts area once, wired to each other. */
export async function createAccounts(deps: AccountDeps) {
  const { database, clock, limiter, messenger } = deps;
  const [keys] = await Promise.all([ServerKeys.load(database), prepareDummyHash()]);
  const sessions = new SessionService(database, clock);
  const captcha = new CaptchaService(database, clock, limiter, deps.captchaText);
  const codes = new CodeStore(database, clock);
  const sms = new SmsService({ database, clock, limiter, messenger, codes, captcha });
  const guard = new LoginGuard(limiter);
  const securityEvents = new SecurityEvents();
  const twoFactor = new TwoFactorService({
    database,
    clock,
    limiter,
    secrets: deps.secrets,
    events: securityEvents,
  });
  const login = new LoginService({ database, clock, limiter, sessions, captcha, sms, guard, twoFactor });
  const unlock = new LoginUnlock({
    database,
    clock,
    limiter,
    messenger,
    codes,
    guard,
    publicUrl: deps.publicUrl,
  });
  const firebasePhone = new FirebasePhone({ emulatorHost: deps.firebaseEmulatorHost });
  const registration = new RegistrationService({ database, clock, captcha, sms, login, firebasePhone });
  const passwords = new PasswordService({
    database,
    clock,
    limiter,
    sessions,
    login,
    sms,
    codes,
    messenger,
    publicUrl: deps.publicUrl,
    twoFactor,
  });
  const members = new MemberService(database, clock);
  const vipStandings = new VipStandings();
  const replay = new ReplayGuard(deps.seenIds, clock);
  const handoff = new HandoffService({ database, clock, login, guard });
  const security = new SessionSecurity({ database, clock, sessions, events: securityEvents });
  const guards: RequestGuards = {
    authenticate: (merchant, token, ip) => sessions.authenticate(merchant, token, ip),
    decrypt: async (compact) => {
      const { header, payload } = await keys.open(compact);
      await replay.check(header);
      return payload;
    },
    limiter,
  };
  return {
    keys,
    replay,
    clock,
    sessions,
    captcha,
    sms,
    firebasePhone,
    login,
    unlock,
    registration,
    passwords,
    members,
    guards,
    handoff,
    guard,
    twoFactor,
    securityEvents,
    security,
    countryHeader: deps.countryHeader,
    vipStandings,
    messenger,
    paymentReset: new PaymentResetProof(sms, twoFactor),
  };
}
