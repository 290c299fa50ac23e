import type { smsLoginCodeRequestSchema, smsNoLoginRequestSchema } from '@aurum/contract';
import type { z } from 'zod';
import type { MemberRow } from '../../../db/schema.ts';
import { type Clock, HOUR_MS, MINUTE_MS, SECOND_MS } from '../../../platform/clock.ts';
import { randomDigits } from '../../../platform/crypto.ts';
import type { Database } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import type { MerchantState } from '../../../platform/merchants.ts';
import type { MessageProvider } from '../../../platform/outbox.ts';
import { enforceLimit, type RateLimiter, tooManyRequests } from '../../../platform/rate-limit.ts';
import { memberLanguage } from '../member/language.ts';
import { maskEmail, maskMobile } from '../member/presenter.ts';
import { findByAccount, findByMobile } from '../member/repository.ts';
import { accountSettings, loginCaptchaAlways } from '../security/settings.ts';
import type { CaptchaService } from './captcha.ts';
import type { CodeChannel, CodePurpose, CodeStore, CodeTarget } from './codes.ts';
import { firebaseChannel } from './firebase.ts';
import { normaliseMobile } from './phone.ts';

type NoLoginRequest = z.output<typeof smsNoLoginRequestSchema>;
type LoginCodeRequest = z.output<typeof smsLoginCodeRequestSchema>;
export type SmsPurpose = 'register' | 'reset' | 'login';

/** Where a member's code goes and what it is for; emails are compared in lower case. */
export interface MemberCodeTarget {
  channel: CodeChannel;
  recipient: string;
  purpose: Extract<CodePurpose, 'login-ip' | 'bind' | 'paypw-reset'>;
}

const memberTarget = (merchantCode: string, member: MemberRow, to: MemberCodeTarget): CodeTarget => ({
  merchantCode,
  channel: to.channel,
  purpose: to.purpose,
  recipient: to.channel === 'email' ? to.recipient.toLowerCase() : to.recipient,
  memberId: member.id,
});

/** Requests for one number in ten minutes beyond which the number is locked (abuse). */
const BURST_LIMIT = 5;
const BURST_WINDOW_MS = 10 * MINUTE_MS;
const LOCK_MS = 5 * MINUTE_MS;
const PER_CLIENT_PER_HOUR = 30;

export const invalidMobile = () =>
  new AppError('validation.failed', 'Enter a valid mobile number.', { mobileNum: 'invalid_mobile' });

/** The number of a request as E.164, or validation.failed. */
export function requireMobile(mobileNum: string | undefined, dialing: string | undefined): string {
  const e164 = mobileNum && dialing ? normaliseMobile(mobileNum, dialing) : null;
  if (!e164) throw invalidMobile();
  return e164;
}

function smsText(merchant: MerchantState, code: string, minutes: number, language: string): string {
  const brand = merchant.config.brand.name;
  return language === 'CN'
    ? `您的${brand}验证码是${code}，${minutes}分钟内有效。`
    : `Your ${brand} code is ${code}. It expires in ${minutes} minutes.`;
}

function signInSubject(merchant: MerchantState, language: string): string {
  const brand = merchant.config.brand.name;
  return language === 'CN' ? `${brand}登录验证码` : `${brand} sign-in code`;
}

export interface SmsDeps {
  database: Database;
  clock: Clock;
  limiter: RateLimiter;
  messenger: MessageProvider;
  codes: CodeStore;
  captcha: CaptchaService;
}

/**
 * SMS codes: six digits from the CSPRNG, stored hashed, bound to number and purpose. Requests
 * are throttled per number and per client, and a number that is asked for too often is locked.
 * Where a code is only useful to an existing member (login, reset), the reply is the same
 * whether or not the number belongs to one, and the SMS is only sent when it does.
 */
export class SmsService {
  constructor(private readonly deps: SmsDeps) {}

  async requestNoLogin(merchant: MerchantState, ip: string, body: NoLoginRequest, language: string) {
    const feature = body.purpose === 'register' ? 'REGMOBVERF3' : 'PWRESETSMS3';
    if (!merchant.features.has(feature)) throw new AppError('feature.disabled');
    // With the firebase channel, Firebase sends the registration code from the browser.
    if (body.purpose === 'register' && firebaseChannel(merchant)) throw new AppError('feature.disabled');
    await this.humanCheck(merchant, body);
    if (body.purpose === 'reset' && body.username && !body.mobileNum) {
      return this.resetByUsername(merchant, ip, body.username, language);
    }
    const e164 = requireMobile(body.mobileNum, body.countryDialingCode);
    await this.throttle(merchant.code, e164, ip);
    const member = await findByMobile(this.deps.database.db, merchant.code, e164);
    if (body.purpose === 'register' && member) throw new AppError('mobile.exists');
    if (body.purpose === 'register' || member) {
      await this.deliver(merchant, e164, body.purpose, memberLanguage(merchant, member, language));
    }
    return this.sent(merchant);
  }

  async requestLoginCode(merchant: MerchantState, ip: string, body: LoginCodeRequest, language: string) {
    await this.humanCheck(merchant, body);
    const e164 = requireMobile(body.mobileNum, body.countryDialingCode);
    await this.throttle(merchant.code, e164, ip);
    const member = await findByMobile(this.deps.database.db, merchant.code, e164);
    if (member) await this.deliver(merchant, e164, 'login', memberLanguage(merchant, member, language));
    return this.sent(merchant);
  }

  /**
   * A code for a member who has proven the password (LOGINIPVERF3): to the bound mobile (sms)
   * or email. Throttled per member and client like every other code.
   */
  async sendToMember(
    merchant: MerchantState,
    member: MemberRow,
    ip: string,
    language: string,
    channel: CodeChannel,
  ): Promise<{ channel: CodeChannel; destination: string }> {
    const recipient = channel === 'sms' ? member.mobile : member.email;
    if (!recipient) throw new AppError('login.ip.unverifiable');
    const destination = await this.sendMemberCode(
      merchant,
      member,
      { channel, recipient, purpose: 'login-ip' },
      ip,
      language,
    );
    return { channel, destination };
  }

  /**
   * Sends a member's code to an address (the bound one, or a new one being bound), throttled
   * per member and client. Returns the address masked.
   */
  async sendMemberCode(
    merchant: MerchantState,
    member: MemberRow,
    to: MemberCodeTarget,
    ip: string,
    language: string,
  ): Promise<string> {
    await this.throttle(merchant.code, `member:${member.id}`, ip);
    const { channel, recipient } = to;
    const minutes = accountSettings(merchant).smsValidityMinutes;
    const code = randomDigits(6);
    await this.deps.codes.issue(memberTarget(merchant.code, member, to), code, minutes * MINUTE_MS);
    try {
      await this.deps.messenger.send({
        merchantCode: merchant.code,
        channel,
        recipient,
        subject:
          channel === 'email'
            ? signInSubject(merchant, memberLanguage(merchant, member, language))
            : undefined,
        body: smsText(merchant, code, minutes, memberLanguage(merchant, member, language)),
      });
    } catch {
      throw new AppError(channel === 'sms' ? 'sms.send.failed' : 'email.send.failed');
    }
    return (channel === 'sms' ? maskMobile(recipient) : maskEmail(recipient)) ?? '';
  }

  /** Uses up a code sendMemberCode sent; sms.code.invalid or .expired otherwise. */
  async checkMemberCode(
    merchantCode: string,
    member: MemberRow,
    to: MemberCodeTarget,
    code: string,
  ): Promise<void> {
    if (!/^[0-9]{6}$/.test(code)) throw new AppError('sms.code.invalid');
    const result = await this.deps.codes.consume(memberTarget(merchantCode, member, to), code);
    if (result === 'expired') throw new AppError('sms.code.expired');
    if (result !== 'ok') throw new AppError('sms.code.invalid');
  }

  /** Uses up the code sent to a number for a purpose; sms.code.invalid or .expired otherwise. */
  async check(merchantCode: string, e164: string, purpose: SmsPurpose, code: string): Promise<void> {
    // Codes are six digits: anything else is wrong without spending one of the code's tries.
    if (!/^[0-9]{6}$/.test(code)) throw new AppError('sms.code.invalid');
    const target = { merchantCode, channel: 'sms' as const, purpose, recipient: e164 };
    const result = await this.deps.codes.consume(target, code);
    if (result === 'expired') throw new AppError('sms.code.expired');
    if (result !== 'ok') throw new AppError('sms.code.invalid');
  }

  private async resetByUsername(merchant: MerchantState, ip: string, username: string, language: string) {
    await this.throttle(merchant.code, `user:${username.toLowerCase()}`, ip);
    const member = await findByAccount(this.deps.database.db, merchant.code, username);
    if (member?.mobile) {
      await this.deliver(merchant, member.mobile, 'reset', memberLanguage(merchant, member, language));
    }
    return this.sent(merchant);
  }

  private sent(merchant: MerchantState) {
    return { expiredMinutes: accountSettings(merchant).smsValidityMinutes };
  }

  private async humanCheck(
    merchant: MerchantState,
    body: { captcha?: string | undefined; captchaId?: string | undefined },
  ) {
    if (loginCaptchaAlways(merchant))
      await this.deps.captcha.verify(merchant.code, body.captchaId, body.captcha);
  }

  private async throttle(merchantCode: string, numberKey: string, ip: string): Promise<void> {
    const { limiter } = this.deps;
    const lockKey = `sms:lock:${merchantCode}:${numberKey}`;
    const lock = await limiter.peek(lockKey);
    if (lock.count > 0) throw tooManyRequests(lock.retryAfterMs);
    await enforceLimit(limiter, `sms:ip:1s:${ip}`, 1, SECOND_MS);
    await enforceLimit(limiter, `sms:num:1s:${merchantCode}:${numberKey}`, 1, SECOND_MS);
    const burst = await limiter.hit(`sms:num:10m:${merchantCode}:${numberKey}`, BURST_LIMIT, BURST_WINDOW_MS);
    if (!burst.allowed) {
      await limiter.hit(lockKey, 1, LOCK_MS);
      throw tooManyRequests(LOCK_MS);
    }
    await enforceLimit(limiter, `sms:ip:1h:${ip}`, PER_CLIENT_PER_HOUR, HOUR_MS);
  }

  private async deliver(merchant: MerchantState, e164: string, purpose: SmsPurpose, language: string) {
    const minutes = accountSettings(merchant).smsValidityMinutes;
    const code = randomDigits(6);
    const target = { merchantCode: merchant.code, channel: 'sms' as const, purpose, recipient: e164 };
    await this.deps.codes.issue(target, code, minutes * MINUTE_MS);
    try {
      await this.deps.messenger.send({
        merchantCode: merchant.code,
        channel: 'sms',
        recipient: e164,
        body: smsText(merchant, code, minutes, language),
      });
    } catch {
      throw new AppError('sms.send.failed');
    }
  }
}
