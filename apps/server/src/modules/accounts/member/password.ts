import type {
  changePasswordRequestSchema,
  forgotPasswordEmailRequestSchema,
  LoginValue,
  resetPasswordRequestSchema,
} from '@aurum/contract';
import type { z } from 'zod';
import type { MemberRow } from '../../../db/schema.ts';
import { type Clock, HOUR_MS, MINUTE_MS } from '../../../platform/clock.ts';
import { hashPassword, randomString, verifyPassword } from '../../../platform/crypto.ts';
import type { Database } from '../../../platform/db.ts';
import { isMerchantDomain } from '../../../platform/domains.ts';
import { AppError } from '../../../platform/errors.ts';
import type { Principal } from '../../../platform/http.ts';
import type { MerchantState } from '../../../platform/merchants.ts';
import type { MessageProvider } from '../../../platform/outbox.ts';
import { enforceLimit, type RateLimiter, tooManyRequests } from '../../../platform/rate-limit.ts';
import { checkNewPassword } from '../security/password-policy.ts';
import { isTrialType, requireRealAccount } from '../security/settings.ts';
import type { TwoFactorService } from '../security/two-factor/service.ts';
import type { LoginService } from '../session/login.ts';
import type { SessionService } from '../session/service.ts';
import type { CodeStore, CodeTarget } from '../verification/codes.ts';
import { requireMobile, type SmsService } from '../verification/sms.ts';
import { memberLanguage } from './language.ts';
import { findByAccount, findByMobile, updateMember } from './repository.ts';

type ChangeBody = z.output<typeof changePasswordRequestSchema>;
type ForgotBody = z.output<typeof forgotPasswordEmailRequestSchema>;
type ResetBody = z.output<typeof resetPasswordRequestSchema>;

const RESET_CODE_TTL_MS = 30 * MINUTE_MS;
/** Typeable from an email and long enough not to be guessed in 5 tries (about 50 bits). */
const RESET_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const RESET_CODE_LENGTH = 10;
const WRONG_OLD_PASSWORDS = 5;
const EMAILS_PER_ACCOUNT_HOUR = 3;
const RESETS_PER_TARGET = 10;

export interface PasswordDeps {
  database: Database;
  clock: Clock;
  limiter: RateLimiter;
  sessions: SessionService;
  login: LoginService;
  sms: SmsService;
  codes: CodeStore;
  messenger: MessageProvider;
  /** PUBLIC_URL: the site's public origin, for the link in the reset email. */
  publicUrl?: string | undefined;
  /** The merchant's second-factor guard on login-password changes. */
  twoFactor?: Pick<TwoFactorService, 'requireFor'>;
}

/**
 * The signed-in member's login password, asked again before a sensitive change (a new password,
 * binding or unbinding an authenticator): password.old.wrong. Only failures count, shared by
 * every such call, so a member who types it right is never locked.
 */
export async function checkCurrentPassword(limiter: RateLimiter, member: MemberRow, password: string) {
  if (!member.passwordHash) throw new AppError('password.old.wrong');
  const key = `pwchange:fail:${member.id}`;
  const failures = await limiter.peek(key);
  if (failures.count >= WRONG_OLD_PASSWORDS) throw tooManyRequests(failures.retryAfterMs);
  if (!(await verifyPassword(member.passwordHash, password))) {
    await limiter.hit(key, Number.MAX_SAFE_INTEGER, 15 * MINUTE_MS);
    throw new AppError('password.old.wrong');
  }
}

const emailTarget = (merchantCode: string, member: MemberRow): CodeTarget => ({
  merchantCode,
  channel: 'email',
  purpose: 'reset',
  recipient: (member.email ?? '').toLowerCase(),
  memberId: member.id,
});

/**
 * Changing, forgetting and resetting passwords. Every new password ends all the member's
 * sessions and remember tokens and signs the member in afresh.
 */
export class PasswordService {
  constructor(private readonly deps: PasswordDeps) {}

  async change(
    merchant: MerchantState,
    { member }: Principal,
    body: ChangeBody,
    ip: string,
  ): Promise<LoginValue> {
    requireRealAccount(merchant, member);
    await this.deps.twoFactor?.requireFor(merchant, member, 'loginPassword', body.twoFactorCode, ip);
    if (member.passwordHash) {
      if (!body.oldPassword) {
        throw new AppError('validation.failed', undefined, { oldPassword: 'input_required' });
      }
      await checkCurrentPassword(this.deps.limiter, member, body.oldPassword);
    }
    checkNewPassword(merchant, member.account, body.newPassword, body.confirmNewPassword);
    // The member proved the session (and with it any second factor) already.
    return this.setPassword(merchant, member, body.newPassword, ip, 'signed-in');
  }

  /**
   * Emails a reset code when username and email belong together; one reply otherwise.
   * `requestOrigin`: the origin the request was made to (scheme and Host, as trusted proxies tell
   * it), used for the email's link only when it is one of the merchant's own domains.
   */
  async forgotByEmail(
    merchant: MerchantState,
    body: ForgotBody,
    requestOrigin?: string,
  ): Promise<{ sent: true }> {
    const { limiter, database } = this.deps;
    const accountKey = `forgot:acct:${merchant.code}:${body.username.toLowerCase()}`;
    await enforceLimit(limiter, accountKey, EMAILS_PER_ACCOUNT_HOUR, HOUR_MS);
    const member = await findByAccount(database.db, merchant.code, body.username);
    const matches =
      member?.email &&
      member.status === 'active' &&
      !isTrialType(merchant, member.type) &&
      member.email.toLowerCase() === body.email.toLowerCase();
    if (!matches) throw new AppError('user.or.email.not.exist');
    const code = randomString(RESET_CODE_ALPHABET, RESET_CODE_LENGTH);
    await this.deps.codes.issue(emailTarget(merchant.code, member), code, RESET_CODE_TTL_MS);
    await this.sendResetEmail(merchant, member, code, this.siteOrigin(merchant, requestOrigin));
    return { sent: true };
  }

  /** Sets a new password with an SMS code (by number) or an emailed reset code (by username). */
  async reset(merchant: MerchantState, body: ResetBody, ip: string): Promise<LoginValue> {
    // Everything the requester knows is checked before a code is spent: the username typed, or
    // the number (a member who signed up by number has its digits as account name).
    const known = 'mobileNum' in body ? body.mobileNum.replace(/\D/g, '').replace(/^0+/, '') : body.username;
    checkNewPassword(merchant, known, body.newPassword, body.confirmNewPassword);
    const member =
      'mobileNum' in body ? await this.bySms(merchant, body) : await this.byEmailCode(merchant, body);
    // Only now is the account behind a number known; telling it before the code would leak it.
    checkNewPassword(merchant, member.account, body.newPassword, body.confirmNewPassword);
    // A code to the mobile or email resets the password, but a member with two-factor sign-in on
    // still needs the authenticator for a session (the reply is then login.two.factor).
    return this.setPassword(merchant, member, body.newPassword, ip, 'second-factor-due');
  }

  private async bySms(merchant: MerchantState, body: Extract<ResetBody, { mobileNum: string }>) {
    if (!merchant.features.has('PWRESETSMS3')) throw new AppError('feature.disabled');
    const e164 = requireMobile(body.mobileNum, body.countryDialingCode);
    await enforceLimit(this.deps.limiter, `reset:sms:${merchant.code}:${e164}`, RESETS_PER_TARGET, HOUR_MS);
    await this.deps.sms.check(merchant.code, e164, 'reset', body.verificationCode);
    const member = await findByMobile(this.deps.database.db, merchant.code, e164);
    if (member?.status !== 'active') throw new AppError('sms.code.invalid');
    return member;
  }

  private async byEmailCode(merchant: MerchantState, body: Extract<ResetBody, { resetCode: string }>) {
    const key = `reset:email:${merchant.code}:${body.username.toLowerCase()}`;
    await enforceLimit(this.deps.limiter, key, RESETS_PER_TARGET, HOUR_MS);
    const member = await findByAccount(this.deps.database.db, merchant.code, body.username);
    if (!member?.email || member.status !== 'active') throw new AppError('reset.code.invalid');
    const result = await this.deps.codes.consume(
      emailTarget(merchant.code, member),
      body.resetCode.toUpperCase(),
    );
    if (result === 'expired') throw new AppError('reset.code.expired');
    if (result !== 'ok') throw new AppError('reset.code.invalid');
    return member;
  }

  private async setPassword(
    merchant: MerchantState,
    member: MemberRow,
    password: string,
    ip: string,
    proven: 'signed-in' | 'second-factor-due',
  ) {
    const passwordHash = await hashPassword(password);
    const now = new Date(this.deps.clock.now());
    const updated = await this.deps.database.db.transaction(async (tx) => {
      const row = await updateMember(tx, member.id, {
        passwordHash,
        passwordChangedAt: now,
        passwordChangeRequired: false,
      });
      await this.deps.sessions.endAll(member.id, tx);
      return row!;
    });
    return proven === 'signed-in'
      ? this.deps.login.signIn(merchant, updated, { ip })
      : (await this.deps.login.complete(merchant, updated, { ip })).value;
  }

  /**
   * Where the email's link points: PUBLIC_URL when set; else the origin the request came in on
   * when it is one of the merchant's domains; else the merchant's main domain. A forged Host that
   * is not the merchant's never makes it into the email, so it cannot become a phishing link that
   * carries the code.
   */
  private siteOrigin(merchant: MerchantState, requestOrigin: string | undefined): string {
    if (this.deps.publicUrl) return this.deps.publicUrl;
    const url = requestOrigin && URL.canParse(requestOrigin) ? new URL(requestOrigin) : null;
    if (url && /^https?:$/.test(url.protocol) && isMerchantDomain(merchant, url.hostname)) return url.origin;
    return `https://${merchant.config.mainDomain}`;
  }

  private async sendResetEmail(merchant: MerchantState, member: MemberRow, code: string, origin: string) {
    const brand = merchant.config.brand.name;
    const link = `${origin}/forgotPassword?${new URLSearchParams({
      username: member.account,
      resetCode: code,
    })}`;
    // In the member's own language (the language update call keeps it on the server).
    const cn = memberLanguage(merchant, member) === 'CN';
    try {
      await this.deps.messenger.send({
        merchantCode: merchant.code,
        channel: 'email',
        recipient: member.email!,
        subject: cn ? `重置您的${brand}密码` : `Reset your ${brand} password`,
        body: (cn
          ? [
              `${member.account}，您好：`,
              '',
              `您的${brand}密码重置码是${code}，30分钟内有效，仅可使用一次。`,
              `或打开：${link}`,
              '',
              '如果这不是您本人的操作，请忽略此邮件：您的密码不会改变。',
            ]
          : [
              `Hello ${member.account},`,
              '',
              `Your ${brand} password reset code is ${code}. It expires in 30 minutes and works once.`,
              `Or open: ${link}`,
              '',
              'If you did not ask for this, ignore this email: your password stays as it is.',
            ]
        ).join('\n'),
      });
    } catch {
      throw new AppError('email.send.failed');
    }
  }
}
