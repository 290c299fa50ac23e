import {
  type FieldProblem,
  type LoginValue,
  PROFILE_FIELDS,
  type registerMobileRequestSchema,
  type registerRequestSchema,
  validateRegistration,
} from '@aurum/contract';
import type { z } from 'zod';
import type { AgentLinkRow, MemberProfile, MemberRow } from '../../../db/schema.ts';
import type { Clock } from '../../../platform/clock.ts';
import { hashPassword } from '../../../platform/crypto.ts';
import type { Database } from '../../../platform/db.ts';
import { isMerchantDomain } from '../../../platform/domains.ts';
import { AppError } from '../../../platform/errors.ts';
import type { MerchantState } from '../../../platform/merchants.ts';
import { passwordPolicyProblem } from '../security/password-policy.ts';
import { accountSettings, isAgentType } from '../security/settings.ts';
import type { LoginService } from '../session/login.ts';
import type { CaptchaService } from '../verification/captcha.ts';
import { type FirebasePhone, firebaseChannel } from '../verification/firebase.ts';
import { dialingCodeOf, normaliseMobile } from '../verification/phone.ts';
import type { SmsService } from '../verification/sms.ts';
import { findReferrer, recordReferral } from './referral-code.ts';
import {
  countLinkSignup,
  findByAccount,
  findByAffiliateCode,
  findById,
  findByMobile,
  findLiveLink,
  insertMember,
  type Queryable,
} from './repository.ts';

type RegisterBody = z.output<typeof registerRequestSchema>;
type RegisterMobileBody = z.output<typeof registerMobileRequestSchema>;
type Mode = 'username' | 'mobile';
type Form = Record<string, string | boolean | undefined>;

const PASSWORD_FIELDS = new Set(['password', 'confirmPassword', 'paymentPassword']);

export interface RegisterContext {
  ip: string;
  language: string;
  /** The host name the request reached (the site serving the form). */
  servedHost?: string;
}

export interface RegistrationDeps {
  database: Database;
  clock: Clock;
  captcha: CaptchaService;
  sms: SmsService;
  login: LoginService;
  firebasePhone: FirebasePhone;
}

const fieldDetails = (problems: Record<string, FieldProblem>) =>
  Object.fromEntries(Object.entries(problems).map(([field, p]) => [field, p.key]));

/** Text fields trimmed and empty ones dropped; passwords are kept exactly as typed. */
function normaliseForm(body: RegisterBody | RegisterMobileBody): Form {
  const form: Form = {};
  for (const [key, value] of Object.entries(body)) {
    const v = typeof value === 'string' && !PASSWORD_FIELDS.has(key) ? value.trim() : value;
    if (v !== '' && v !== undefined) form[key] = v as string | boolean;
  }
  return form;
}

const isUniqueViolation = (e: unknown): boolean => {
  for (let c = e as { code?: unknown; cause?: unknown } | undefined; c; c = c.cause as typeof c) {
    if (c.code === '23505') return true;
  }
  return false;
};

/**
 * Registration by username or by mobile number: the merchant's rules, the human check, the
 * SMS code (ours, or the Firebase ID token with the firebase channel), the upline from the
 * affiliate code, then one insert. Everything that can refuse runs before the SMS code is used
 * up and before anything is stored.
 */
export class RegistrationService {
  constructor(private readonly deps: RegistrationDeps) {}

  register(merchant: MerchantState, body: RegisterBody, ctx: RegisterContext) {
    return this.create(merchant, 'username', body, ctx);
  }

  registerMobile(merchant: MerchantState, body: RegisterMobileBody, ctx: RegisterContext) {
    return this.create(merchant, 'mobile', body, ctx);
  }

  private async create(
    merchant: MerchantState,
    mode: Mode,
    body: RegisterBody | RegisterMobileBody,
    ctx: RegisterContext,
  ) {
    if (!merchant.features.has('REG3')) throw new AppError('feature.disabled');
    const form = normaliseForm(body);
    if (typeof form.domain === 'string' && !isMerchantDomain(merchant, form.domain, ctx.servedHost)) {
      throw new AppError('domain_not_available');
    }
    const firebase = firebaseChannel(merchant);
    // A Firebase ID token is only taken where the firebase channel checks the number.
    if (form.firebaseIdToken !== undefined && !firebase) {
      throw new AppError('validation.failed', undefined, { firebaseIdToken: 'unknown_field' });
    }
    const e164 = this.validate(merchant, mode, form);
    const settings = accountSettings(merchant);
    if (settings.rules.some((r) => r.key === 'captcha' && r.enabled)) {
      await this.deps.captcha.verify(merchant.code, form.captchaId as string, form.captcha as string);
    }
    const db = this.deps.database.db;
    const { upline, link } = await resolveUpline(db, merchant, form, new Date(this.deps.clock.now()));
    // A referral code names the member who invited (docs/loyalty.md "Referral"), never an upline.
    const referral =
      typeof form.referralCode === 'string' ? await findReferrer(db, merchant, form.referralCode) : null;
    if (typeof form.referralCode === 'string' && !referral) {
      throw new AppError('affiliate.invalid', undefined, { referralCode: 'invalid_invitation_code' });
    }
    // DIRECTREG3 off: only a registration under an agent's code (its link) is taken.
    if (!upline && !merchant.features.has('DIRECTREG3')) throw new AppError('feature.disabled');
    const account = mode === 'username' ? (form.username as string) : e164!.slice(1);
    await assertFree(db, merchant.code, account, e164);
    if (firebase) {
      // Spec §4: the code was sent and confirmed by Firebase in the browser; its ID token proves the number.
      await this.deps.firebasePhone.verify(firebase, form.firebaseIdToken as string | undefined, e164!);
    } else if (merchant.features.has('REGMOBVERF3')) {
      await this.deps.sms.check(merchant.code, e164!, 'register', form.verificationCode as string);
    }
    const member = await this.insert(merchant, mode, form, {
      account,
      e164,
      upline,
      // A link for agents registers an agent of its agent's own type.
      type: link?.memberType === 'agent' && upline ? upline.type : 0,
      language: ctx.language,
      ip: ctx.ip,
    });
    if (link) await countLinkSignup(db, link.id);
    if (referral) {
      await recordReferral(
        db,
        merchant.code,
        member.id,
        referral.referrer.id,
        referral.code,
        member.createdAt,
      );
    }
    const login: LoginValue | null = body.login
      ? await this.deps.login.signIn(merchant, member, { ip: ctx.ip })
      : null;
    return { customerId: member.id, account: member.account, login };
  }

  /** The merchant's rules (shared with the web), then the number itself; returns it as E.164. */
  private validate(merchant: MerchantState, mode: Mode, form: Form): string | null {
    const settings = accountSettings(merchant);
    const problems = fieldDetails(
      validateRegistration(form, {
        rules: settings.rules,
        mode,
        smsVerification: merchant.features.has('REGMOBVERF3'),
        mobilePassword: merchant.features.has('MOBILENUMPASSREG3'),
        birthdayMinAge: settings.birthdayMinAge,
        today: new Date(this.deps.clock.now()),
      }),
    );
    const mobile = form.mobileNum as string | undefined;
    const e164 = mobile
      ? normaliseMobile(mobile, (form.countryDialingCode as string | undefined) ?? '')
      : null;
    if (mobile && !e164) problems.mobileNum ??= 'invalid_mobile';
    const password = form.password;
    if (typeof password === 'string' && !problems.password) {
      const account = mode === 'username' ? (form.username as string | undefined) : e164?.slice(1);
      const national = mobile?.replace(/\D/g, '').replace(/^0+/, '');
      const policy = passwordPolicyProblem(password, [account, national]);
      if (policy) problems.password = policy.key;
    }
    if (Object.keys(problems).length) throw new AppError('validation.failed', undefined, problems);
    return e164;
  }

  private async insert(
    merchant: MerchantState,
    mode: Mode,
    form: Form,
    m: {
      account: string;
      e164: string | null;
      upline: MemberRow | null;
      type: number;
      language: string;
      ip: string;
    },
  ): Promise<MemberRow> {
    const password = form.password as string | undefined;
    const paymentPassword = form.paymentPassword as string | undefined;
    const now = new Date(this.deps.clock.now());
    try {
      return await insertMember(this.deps.database.db, {
        merchantCode: merchant.code,
        account: m.account,
        userName: m.account,
        nickname: (form.nickname as string | undefined) ?? null,
        mobile: m.e164,
        countryDialingCode: m.e164 ? dialingCodeOf(m.e164) : null,
        email: (form.email as string | undefined) ?? null,
        type: m.type,
        upline: m.upline,
        profile: profileOf(form, mode, m.ip),
        passwordHash: password ? await hashPassword(password) : null,
        paymentPasswordHash: paymentPassword ? await hashPassword(paymentPassword) : null,
        passwordChangedAt: password ? now : null,
        language: m.language,
        createdAt: now,
      });
    } catch (e) {
      // Two registrations raced for the same name or number: report which one.
      if (!isUniqueViolation(e)) throw e;
      await assertFree(this.deps.database.db, merchant.code, m.account, m.e164);
      throw e;
    }
  }
}

/**
 * The agent an affiliate code names, and the registration link when the code is one of an
 * agent's links; refused when it names none (an expired or deleted link included). A referral
 * code is not an affiliate code: it names a member (referral-code.ts) and no upline.
 */
async function resolveUpline(
  db: Queryable,
  merchant: MerchantState,
  form: Form,
  now: Date,
): Promise<{ upline: MemberRow | null; link: AgentLinkRow | null }> {
  for (const field of ['affiliateCode'] as const) {
    const code = form[field];
    if (typeof code !== 'string') continue;
    const found = await findAffiliate(db, merchant, code, now);
    if (!found) throw new AppError('affiliate.invalid', undefined, { [field]: 'invalid_invitation_code' });
    return found;
  }
  return { upline: null, link: null };
}

/** The agent of an affiliate code: its own code, or one of its live registration links. */
export async function findAffiliate(db: Queryable, merchant: MerchantState, code: string, now: Date) {
  const agent = await findAgentByCode(db, merchant, code);
  if (agent) return { upline: agent, link: null };
  const link = await findLiveLink(db, merchant.code, code, now);
  const owner = link ? await findById(db, merchant.code, link.agentId) : null;
  return link && owner && isUsableAgent(merchant, owner) ? { upline: owner, link } : null;
}

const isUsableAgent = (merchant: MerchantState, m: MemberRow) =>
  m.status === 'active' && isAgentType(merchant, m.type);

export async function findAgentByCode(db: Queryable, merchant: MerchantState, code: string) {
  const agent = await findByAffiliateCode(db, merchant.code, code);
  return agent && isUsableAgent(merchant, agent) ? agent : null;
}

async function assertFree(db: Queryable, merchantCode: string, account: string, e164: string | null) {
  if (await findByAccount(db, merchantCode, account)) throw new AppError('account.exists');
  if (e164 && (await findByMobile(db, merchantCode, e164))) throw new AppError('mobile.exists');
}

/** The enabled registration fields without a column of their own, and where the member came from. */
function profileOf(form: Form, mode: Mode, ip: string): MemberProfile {
  const profile: MemberProfile = { registerMethod: 'WEB', registerMode: mode, registerIp: ip };
  for (const field of [...PROFILE_FIELDS, 'referralCode', 'registerUrl', 'domain']) {
    if (['email', 'nickname', 'paymentPassword'].includes(field)) continue;
    const value = form[field];
    if (typeof value === 'string') profile[field] = value;
  }
  return profile;
}
