import type {
  freePlayRequestSchema,
  IpVerificationChannel,
  LoginValue,
  smsLoginSchema,
  twoFactorLoginRequestSchema,
  usernameLoginSchema,
} from '@aurum/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { MemberRow } from '../../../db/schema.ts';
import { type Clock, DAY_MS, HOUR_MS, MINUTE_MS } from '../../../platform/clock.ts';
import {
  randomString,
  randomToken,
  sha256Hex,
  TOKEN_PATTERN,
  verifyAgainstDummy,
  verifyPassword,
} from '../../../platform/crypto.ts';
import type { Database, Db } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import type { MerchantState } from '../../../platform/merchants.ts';
import { enforceLimit, type RateLimiter } from '../../../platform/rate-limit.ts';
import { findByAccount, findByMobile, insertMember } from '../member/repository.ts';
import { ACCOUNT_LOCK_FAILURES, type LoginGuard, lockedError } from '../security/login-guard.ts';
import { isDefaultPassword, passwordExpired } from '../security/password-policy.ts';
import {
  accountSettings,
  isAgentType,
  isTrialType,
  loginCaptchaAlways,
  trialType,
} from '../security/settings.ts';
import type { FirstStep, TwoFactorService } from '../security/two-factor/service.ts';
import type { CaptchaService } from '../verification/captcha.ts';
import { requireMobile, type SmsService } from '../verification/sms.ts';
import { findLive, revokeSession } from './repository.ts';
import type { SessionService } from './service.ts';

type UsernameLogin = z.output<typeof usernameLoginSchema>;
type SmsLogin = z.output<typeof smsLoginSchema>;
type FreePlayRequest = z.output<typeof freePlayRequestSchema>;
type TwoFactorLogin = z.output<typeof twoFactorLoginRequestSchema>;
export type Site = 'member' | 'agent';

/** SMS logins per number in 15 minutes (each also burns a try of the code). */
const SMS_LOGINS_PER_NUMBER = 10;
/** New trial accounts per client per hour. */
const TRIALS_PER_CLIENT_HOUR = 10;
/** A trial account can be resumed with its last token for this long. */
const TRIAL_RESUME_MS = 7 * DAY_MS;

export interface SignIn extends FirstStep {
  /** The password just typed, to spot the default one; absent for SMS and token logins. */
  password?: string | undefined;
  /** The unrecognised-network check took a code of the authenticator (or a recovery code). */
  secondFactorDone?: boolean;
}

/** The real names on a member's withdrawal accounts (the cashier's bound accounts). */
export type PayeeNames = (merchantCode: string, memberId: number) => Promise<string[]>;

/** Proofs of unrecognised networks per member and per client in 15 minutes. */
const IP_PROOFS_PER_MEMBER = 10;
const IP_PROOFS_PER_CLIENT = 30;
/** Real-name tries an hour: the weakest proof gets the fewest. */
const BANK_NAME_TRIES_PER_MEMBER = 3;
const BANK_NAME_TRIES_PER_CLIENT = 10;

/** Names compared as people type them: case, width and runs of spaces do not matter. */
export const sameName = (a: string, b: string) => {
  const norm = (v: string) => v.normalize('NFKC').trim().replace(/\s+/g, ' ').toLocaleLowerCase();
  return norm(a) === norm(b);
};

export interface SignedIn {
  value: LoginValue;
  member: MemberRow;
  /** Set a remember cookie too (asked for at the first step of a two-factor sign-in). */
  remember?: boolean;
}

export interface LoginDeps {
  database: Database;
  clock: Clock;
  limiter: RateLimiter;
  sessions: SessionService;
  captcha: CaptchaService;
  sms: SmsService;
  guard: LoginGuard;
  twoFactor: TwoFactorService;
}

/**
 * Every way of signing in ends here with a session and the same reply, through complete(): a
 * member with two-factor sign-in on gets login.two.factor instead, and the session only from
 * withSecondFactor.
 */
export class LoginService {
  constructor(private readonly deps: LoginDeps) {}

  /** `device`: the request's device cookie, if any (see rememberDevice). */
  async withPassword(
    merchant: MerchantState,
    body: UsernameLogin,
    ip: string,
    language = 'EN',
    device: string | null = null,
  ) {
    const deviceHash = device && TOKEN_PATTERN.test(device) ? sha256Hex(device) : null;
    const { guard, captcha } = this.deps;
    const captchaAfter = accountSettings(merchant).captchaAfterFailures;
    const state = await guard.state(merchant.code, body.username, ip, captchaAfter);
    if (state.clientLockedForMs > 0) throw lockedError(state.clientLockedForMs);
    const member = await findByAccount(this.deps.database.db, merchant.code, body.username);
    // The account name's lock cannot keep its member out: from a network the member has signed
    // in from before, the password is still checked, with that place's own failures limited.
    // Anyone else is refused with the time left (and can ask for an unlock link).
    if (
      state.accountLockedForMs > 0 &&
      !(await this.fromKnownPlace(member, ip, state.clientFailures, deviceHash))
    ) {
      throw lockedError(state.accountLockedForMs);
    }
    if (state.captchaNeeded || loginCaptchaAlways(merchant)) {
      await captcha.verify(merchant.code, body.captchaId, body.captcha);
    }
    // Unknown, disabled and password-less accounts spend the same hashing work as a wrong
    // password and get the same reply.
    const usable = member?.passwordHash && member.status === 'active' ? member : null;
    const ok = usable
      ? await verifyPassword(usable.passwordHash!, body.password)
      : await verifyAgainstDummy(body.password);
    if (!ok || !usable) {
      if (deviceHash) await guard.deviceFailed(deviceHash);
      const captchaNext = await guard.failed(merchant.code, body.username, ip, captchaAfter);
      throw new AppError('login.failed', undefined, captchaNext ? { captcha: 'true' } : undefined);
    }
    assertMaySignIn(merchant, usable, body.site);
    const network = await this.checkNetwork(merchant, usable, ip, body, language);
    await guard.succeeded(merchant.code, body.username, ip);
    return this.complete(merchant, usable, {
      ip,
      deviceId: body.loginDeviceId,
      password: body.password,
      remember: body.remember,
      secondFactorDone: network.secondFactorDone,
    });
  }

  /**
   * Whether a sign-in comes from a place the member has used: a device it signed in from (its
   * device cookie, kept hashed) or a network (address) of one of its past successful sign-ins
   * (the same record the unrecognised-network check uses). Each place has its own budget: fewer
   * than ACCOUNT_LOCK_FAILURES failures of its own in the window.
   */
  private async fromKnownPlace(
    member: MemberRow | null,
    ip: string,
    ipFailures: number,
    deviceHash: string | null,
  ): Promise<boolean> {
    if (!member) return false;
    const db = this.deps.database.db;
    if (deviceHash && (await this.deps.guard.deviceFailures(deviceHash)) < ACCOUNT_LOCK_FAILURES) {
      const rows = (await db.execute(sql`
        SELECT 1 AS known FROM member_devices
         WHERE member_id = ${member.id} AND token_hash = ${deviceHash}`)) as unknown as { rows: unknown[] };
      if (rows.rows.length > 0) return true;
    }
    return ipFailures < ACCOUNT_LOCK_FAILURES && (await knownNetworks(db, member.id, ip)).thisOne;
  }

  /**
   * After a sign-in through the login call: this browser becomes a known device of the member.
   * Its cookie's token is kept (one browser, several members) or a new random one is made; only
   * its hash is stored. Returns the token for the cookie, and whether the browser is new to the member.
   */
  async rememberDevice(
    member: MemberRow,
    presented: string | null,
  ): Promise<{ token: string; isNew: boolean }> {
    const token = presented && TOKEN_PATTERN.test(presented) ? presented : randomToken();
    const at = new Date(this.deps.clock.now());
    const result = (await this.deps.database.db.execute(sql`
      INSERT INTO member_devices (member_id, token_hash, first_seen_at, last_seen_at)
      VALUES (${member.id}, ${sha256Hex(token)}, ${at}, ${at})
      ON CONFLICT (member_id, token_hash) DO UPDATE SET last_seen_at = excluded.last_seen_at
      RETURNING (xmax = 0) AS is_new`)) as unknown as { rows: { is_new: boolean }[] };
    return { token, isNew: Boolean(result.rows[0]?.is_new) };
  }

  async withSms(merchant: MerchantState, body: SmsLogin, ip: string) {
    if (!merchant.features.has('MOBILEVERCODELOGIN3')) throw new AppError('feature.disabled');
    const e164 = requireMobile(body.mobileNum, body.countryDialingCode);
    await enforceLimit(
      this.deps.limiter,
      `login:sms:${merchant.code}:${e164}`,
      SMS_LOGINS_PER_NUMBER,
      15 * MINUTE_MS,
    );
    await this.deps.sms.check(merchant.code, e164, 'login', body.code);
    const member = await findByMobile(this.deps.database.db, merchant.code, e164);
    // Login codes are only ever sent to members' numbers; this covers a member removed since.
    if (member?.status !== 'active') throw new AppError('sms.code.invalid');
    assertMaySignIn(merchant, member, body.site);
    return this.complete(merchant, member, { ip, deviceId: body.loginDeviceId, remember: body.remember });
  }

  /** Exchanges a remember token (used up) for a session; the caller sets the next token. */
  async withRememberToken(merchant: MerchantState, token: string, site: Site, ip: string) {
    const member = await this.deps.sessions.redeemRemember(merchant, token);
    if (!member) throw new AppError('user.or.token.invalid');
    assertMaySignIn(merchant, member, site);
    // The token stood for a whole sign-in, but a stolen cookie must not skip the authenticator.
    return this.complete(merchant, member, { ip, remember: true });
  }

  /**
   * A member a third-party provider vouched for (the social module finds or makes it). No
   * password was typed, so a forced password change never applies (spec §4 After login).
   */
  async withSocial(merchant: MerchantState, member: MemberRow, site: Site, ip: string) {
    if (member.status !== 'active') throw new AppError('login.not.member');
    assertMaySignIn(merchant, member, site);
    return this.complete(merchant, member, { ip });
  }

  /** Resumes the trial account of a given token, or makes a new one (FREEPLAY3). */
  async freePlay(merchant: MerchantState, body: FreePlayRequest, ip: string, language: string) {
    const resumed = body.token ? await this.resumeTrial(merchant, body.token, ip) : null;
    if (resumed) return resumed;
    await enforceLimit(this.deps.limiter, `freeplay:new:${ip}`, TRIALS_PER_CLIENT_HOUR, HOUR_MS);
    const account = `trial_${randomString('abcdefghijkmnpqrstuvwxyz23456789', 10)}`;
    const member = await insertMember(this.deps.database.db, {
      merchantCode: merchant.code,
      account,
      userName: account,
      type: trialType(merchant),
      profile: { os: body.os, registerMethod: 'FREEPLAY' },
      language,
      createdAt: new Date(this.deps.clock.now()),
    });
    return this.complete(merchant, member, { ip });
  }

  /**
   * Starts a session and builds the login reply, with no second factor asked: for a member who
   * just registered, or who proved a session already (a password change, a hand-off ticket of a
   * signed-in member). Every other sign-in goes through complete().
   */
  async signIn(merchant: MerchantState, member: MemberRow, how: SignIn): Promise<LoginValue> {
    const token = await this.deps.sessions.start(merchant, member, how);
    await rememberNetwork(this.deps.database.db, member.id, how.ip, new Date(this.deps.clock.now()));
    return loginValue(merchant, member, token, typedPassword(merchant, how), this.deps.clock.now());
  }

  /** The first factor is proven: a session, or login.two.factor when the member has it on. */
  async complete(merchant: MerchantState, member: MemberRow, how: SignIn): Promise<SignedIn> {
    if (!how.secondFactorDone && (await this.deps.twoFactor.isOn(member.id))) {
      throw await this.deps.twoFactor.challenge(merchant, member, {
        ip: how.ip,
        deviceId: how.deviceId,
        remember: how.remember,
        typed: typedPassword(merchant, how),
      });
    }
    return { value: await this.signIn(merchant, member, how), member };
  }

  /** The second step: the ticket of login.two.factor and a code start the session. */
  async withSecondFactor(merchant: MerchantState, body: TwoFactorLogin, ip: string): Promise<SignedIn> {
    const { member, first } = await this.deps.twoFactor.answer(merchant, body.ticket, body.code, ip);
    const value = await this.signIn(merchant, member, first);
    return { value, member, remember: first.remember ?? false };
  }

  /**
   * The real names of the member's withdrawal accounts (the cashier's), for the bank channel of
   * the unrecognised-network check. Wired at start (the cashier builds on the accounts area).
   */
  usePayeeNames(source: PayeeNames): void {
    this.payeeNames = source;
  }

  private payeeNames: PayeeNames | null = null;

  /**
   * The channels a member can prove an unrecognised sign-in with, strongest first: the bound
   * mobile and email (a code), the authenticator app and its recovery codes, and only where
   * the member has none of these, the real name of a withdrawal account (weak: it is printed on
   * bank cards and statements, so it is offered alone only when nothing else exists).
   */
  async ipChannels(merchant: MerchantState, member: MemberRow): Promise<IpVerificationChannel[]> {
    const channels: IpVerificationChannel[] = [];
    if (member.mobile) channels.push('sms');
    if (member.email) channels.push('email');
    if (await this.deps.twoFactor.isOn(member.id)) {
      channels.push('totp');
      if ((await this.deps.twoFactor.recoveryCodesLeft(member.id)) > 0) channels.push('recovery');
    }
    if (channels.length === 0 && this.payeeNames) {
      const names = await this.payeeNames(merchant.code, member.id);
      if (names.length > 0) channels.push('bank');
    }
    return channels;
  }

  /**
   * LOGINIPVERF3 (spec §4 Unrecognised IP login): a password sign-in from a network the member
   * has never signed in from is proven with one of the member's channels (ipChannels): a code
   * by SMS or email (sent when asked for without a code), a code of the authenticator app, a
   * recovery code, or a withdrawal account's real name. The first sign-in of an account has
   * nothing to compare with and records its network. SMS, social and remember-token sign-ins
   * prove possession of something already and skip it. Returns whether the proof was the
   * second factor itself (the two-factor step is then not asked again).
   */
  private async checkNetwork(
    merchant: MerchantState,
    member: MemberRow,
    ip: string,
    body: UsernameLogin,
    language: string,
  ): Promise<{ secondFactorDone: boolean }> {
    const passed = { secondFactorDone: false };
    if (!merchant.features.has('LOGINIPVERF3')) return passed;
    const known = await knownNetworks(this.deps.database.db, member.id, ip);
    if (known.total === 0 || known.thisOne) return passed;
    const channels = await this.ipChannels(merchant, member);
    if (channels.length === 0) throw new AppError('login.ip.unverifiable');
    const list = channels.join(',');
    const channel = body.ipVerificationChannel ?? channels[0]!;
    if (!channels.includes(channel)) {
      throw new AppError('login.ip.channel.unavailable', undefined, { channels: list });
    }
    const code = body.ipVerificationCode;
    const name = body.ipVerificationName;
    const ask = (destination = '') =>
      new AppError('login.ip.verification', undefined, { channel, destination, channels: list });
    if (channel === 'sms' || channel === 'email') {
      if (!code) {
        const sent = await this.deps.sms.sendToMember(merchant, member, ip, language, channel);
        throw ask(sent.destination);
      }
      await this.limitIpProofs(member.id, ip);
      const recipient = (channel === 'sms' ? member.mobile : member.email)!;
      await this.deps.sms.checkMemberCode(
        merchant.code,
        member,
        { channel, recipient, purpose: 'login-ip' },
        code,
      );
      return passed;
    }
    if (channel === 'totp' || channel === 'recovery') {
      if (!code) throw ask();
      await this.limitIpProofs(member.id, ip);
      await this.deps.twoFactor.prove(merchant, member, code, ip, channel);
      return { secondFactorDone: true };
    }
    if (!name) throw ask();
    await this.limitIpProofs(member.id, ip);
    // The weakest proof: few tries per member and per client an hour.
    await enforceLimit(this.deps.limiter, `ipverf:bank:ip:${ip}`, BANK_NAME_TRIES_PER_CLIENT, HOUR_MS);
    await enforceLimit(
      this.deps.limiter,
      `ipverf:bank:member:${member.id}`,
      BANK_NAME_TRIES_PER_MEMBER,
      HOUR_MS,
    );
    const names = this.payeeNames ? await this.payeeNames(merchant.code, member.id) : [];
    if (!names.some((n) => sameName(n, name))) throw new AppError('login.ip.name.wrong');
    return passed;
  }

  /** Proofs of an unrecognised network, per member and per client (each code has its own tries too). */
  private async limitIpProofs(memberId: number, ip: string): Promise<void> {
    await enforceLimit(this.deps.limiter, `ipverf:ip:${ip}`, IP_PROOFS_PER_CLIENT, 15 * MINUTE_MS);
    await enforceLimit(this.deps.limiter, `ipverf:member:${memberId}`, IP_PROOFS_PER_MEMBER, 15 * MINUTE_MS);
  }

  private async resumeTrial(merchant: MerchantState, token: string, ip: string) {
    if (!TOKEN_PATTERN.test(token)) return null;
    const db = this.deps.database.db;
    const found = await findLive(db, merchant.code, 'session', sha256Hex(token));
    const now = this.deps.clock.now();
    if (!found || !isTrialType(merchant, found.member.type)) return null;
    if (now - found.session.createdAt.getTime() > TRIAL_RESUME_MS) return null;
    // The old token is replaced, so it cannot be used to resume twice.
    if (!(await revokeSession(db, found.session.id, new Date(now)))) return null;
    return this.complete(merchant, found.member, { ip });
  }
}

/** Spec §6: trial accounts never sign in by password; the agent site is for agents only. */
export function assertMaySignIn(merchant: MerchantState, member: MemberRow, site: Site): void {
  if (isTrialType(merchant, member.type)) throw new AppError('login.not.member');
  if (site === 'agent' && !isAgentType(merchant, member.type)) throw new AppError('login.agent.only');
}

/** Whether a password was typed (now, or at the first step of a two-factor sign-in), and the default one. */
function typedPassword(merchant: MerchantState, how: SignIn) {
  return how.password !== undefined ? { isDefault: isDefaultPassword(merchant, how.password) } : how.typed;
}

export function loginValue(
  merchant: MerchantState,
  member: MemberRow,
  token: string,
  typed: { isDefault: boolean } | undefined,
  now: number,
): LoginValue {
  const expired = passwordExpired(merchant, member, now);
  // SMS and token logins never force a change: their user may not know the password at all.
  // "This wasn't me" asks for a new password at the next password sign-in.
  const forced = typed !== undefined && (typed.isDefault || expired || member.passwordChangeRequired);
  return {
    token,
    firstTimeLogin: member.firstLoginAt === null,
    passwordExpired: expired,
    forceChangePassword: forced,
    id: member.id,
    userName: member.userName,
    customerType: member.type,
  };
}

/** Whether the member has signed in from this address before, and from how many at all. */
async function knownNetworks(db: Db, memberId: number, ip: string) {
  const rows = (await db.execute(sql`
    SELECT count(*)::int AS total, coalesce(bool_or(ip = ${ip}), false) AS this_one
      FROM member_known_ips WHERE member_id = ${memberId}`)) as unknown as {
    rows: { total: number; this_one: boolean }[];
  };
  const row = rows.rows[0];
  return { total: Number(row?.total ?? 0), thisOne: Boolean(row?.this_one) };
}

async function rememberNetwork(db: Db, memberId: number, ip: string | undefined, at: Date) {
  if (!ip) return;
  await db.execute(sql`
    INSERT INTO member_known_ips (member_id, ip, first_seen_at, last_seen_at)
    VALUES (${memberId}, ${ip}, ${at}, ${at})
    ON CONFLICT (member_id, ip) DO UPDATE SET last_seen_at = excluded.last_seen_at`);
}
