import { checkRule, fallbackRule, findRule, type Language } from '@aurum/contract';
import type { MemberRow } from '../../../db/schema.ts';
import type { Clock } from '../../../platform/clock.ts';
import type { Database } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import type { MerchantState } from '../../../platform/merchants.ts';
import { accountSettings } from '../security/settings.ts';
import { findAffiliate } from './register.ts';
import { accountTaken, updateMember } from './repository.ts';

/** The small member calls: first login, language, and the register form's look-ups. */
export class MemberService {
  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
  ) {}

  /** Marks the first login done; later calls keep the first time. */
  async firstLogin(member: MemberRow): Promise<{ firstLoginAt: number }> {
    if (member.firstLoginAt) return { firstLoginAt: member.firstLoginAt.getTime() };
    const at = new Date(this.clock.now());
    await updateMember(this.database.db, member.id, { firstLoginAt: at });
    return { firstLoginAt: at.getTime() };
  }

  async setLanguage(merchant: MerchantState, member: MemberRow, language: Language) {
    if (!merchant.config.brand.supportLanguages.includes(language)) {
      throw new AppError('validation.failed', undefined, { language: 'not_accepted' });
    }
    await updateMember(this.database.db, member.id, { language });
    return { language };
  }

  /** Is a user name free? A name the rules refuse is a validation failure, not "taken". */
  async checkUsername(merchant: MerchantState, username: string) {
    const rules = accountSettings(merchant).rules;
    const rule = findRule(rules, 'username') ?? fallbackRule('username');
    const problem = checkRule({ ...rule, enabled: true, required: true }, username);
    if (problem) throw new AppError('validation.failed', undefined, { username: problem.key });
    return { username, available: !(await accountTaken(this.database.db, merchant.code, username)) };
  }

  async checkAffiliate(merchant: MerchantState, code: string) {
    const found = await findAffiliate(this.database.db, merchant, code, new Date(this.clock.now()));
    if (!found) throw new AppError('affiliate.invalid', undefined, { code: 'invalid_invitation_code' });
    return { code: found.link?.code ?? found.upline.affiliateCode!, valid: true as const };
  }
}

/** The language a request asks for, if the merchant supports it; else the merchant's default. */
export function requestLanguage(merchant: MerchantState, header: unknown): Language {
  const brand = merchant.config.brand;
  const wanted = typeof header === 'string' ? header.trim().toUpperCase() : '';
  return (brand.supportLanguages as string[]).includes(wanted) ? (wanted as Language) : brand.defaultLang;
}
