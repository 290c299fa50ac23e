import type { RegisterSettings } from '@aurum/contract';
import {
  fallbackRule,
  findRule,
  PROFILE_FIELDS,
  type ProfileField,
  type ValidationRule,
} from '../../../../lib/account/rules';
import type { RegisterMode } from './modes';

export interface ProfileFieldPlan {
  key: ProfileField;
  required: boolean;
  rule: ValidationRule;
}

export interface RegisterFieldPlan {
  username: boolean;
  password: boolean;
  mobile: 'hidden' | 'optional' | 'required';
  verificationCode: boolean;
  profile: ProfileFieldPlan[];
  captcha: boolean;
  affiliateRule: boolean;
}

/**
 * Which register fields show and which are required (spec §5), from the merchant's rules and
 * sign-in flags: the same inputs `validateRegistration` checks the values with.
 */
export function registerFieldPlan(
  settings: Pick<RegisterSettings, 'rules' | 'signIn'>,
  mode: RegisterMode,
): RegisterFieldPlan {
  const { rules, signIn } = settings;
  const rule = (key: string) => findRule(rules, key) ?? fallbackRule(key);
  const sms = signIn.REGMOBVERF3;
  const mobileRule = rule('mobileNum');
  const mobile =
    mode === 'registerMobile' || sms
      ? 'required'
      : mobileRule.enabled
        ? mobileRule.required
          ? 'required'
          : 'optional'
        : 'hidden';
  return {
    username: mode === 'register',
    password: mode === 'register' || signIn.MOBILENUMPASSREG3,
    mobile,
    verificationCode: sms,
    profile: PROFILE_FIELDS.map((key) => ({ key, rule: rule(key) }))
      .filter((f) => f.rule.enabled)
      .map((f) => ({ ...f, required: f.rule.required || f.key === 'paymentPassword' })),
    captcha: Boolean(findRule(rules, 'captcha')?.enabled),
    affiliateRule: Boolean(findRule(rules, 'affiliateCode')?.enabled),
  };
}
