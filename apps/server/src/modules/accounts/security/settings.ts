import {
  type AccountSettings,
  accountSettingsSchema,
  type MerchantConfig,
  type RegisterSettings,
  SIGN_IN_KEYS,
} from '@aurum/contract';
import type { MemberRow } from '../../../db/schema.ts';
import { AppError } from '../../../platform/errors.ts';
import type { MerchantState } from '../../../platform/merchants.ts';
import { usableProviders } from '../social/config.ts';
import { firebaseChannel } from '../verification/firebase.ts';

const settingsCache = new WeakMap<MerchantState, AccountSettings>();

/**
 * The merchant's account settings. A merchant stored before the accounts section existed has
 * none, so the schema's defaults fill in (a reload-config stores the file's values).
 */
export function accountSettings(merchant: MerchantState): AccountSettings {
  let settings = settingsCache.get(merchant);
  if (!settings) {
    const raw = (merchant.config as Partial<MerchantConfig>).accounts ?? {};
    settings = accountSettingsSchema.parse(raw);
    settingsCache.set(merchant, settings);
  }
  return settings;
}

/**
 * The public part of the settings: what the login and register forms need. The Firebase web
 * config is told only when the firebase channel is on (with the Auth emulator a test server uses).
 */
export function registerSettings(
  merchant: MerchantState,
  firebaseEmulatorHost?: string | null,
): RegisterSettings {
  const s = accountSettings(merchant);
  const signIn = Object.fromEntries(
    SIGN_IN_KEYS.map((k) => [k, merchant.features.has(k)]),
  ) as RegisterSettings['signIn'];
  const firebase = firebaseChannel(merchant);
  return {
    rules: s.rules,
    signIn,
    loginCaptcha: loginCaptchaAlways(merchant),
    ageLimit: s.ageLimit,
    birthdayMinAge: s.birthdayMinAge,
    smsValidityMinutes: s.smsValidityMinutes,
    socialProviders: usableProviders(s.social),
    ...(firebase ? { firebasePhone: { ...firebase, emulatorHost: firebaseEmulatorHost ?? null } } : {}),
  };
}

export const loginCaptchaAlways = (merchant: MerchantState) =>
  merchant.features.has('CAPTCHA3') && accountSettings(merchant).captchaAlways;

export const isAgentType = (merchant: MerchantState, type: number) =>
  merchant.config.brand.agentType.includes(type);

export const isTrialType = (merchant: MerchantState, type: number) =>
  merchant.config.brand.trialType.includes(type);

/** The type new trial accounts get: the brand's first trial type. */
export function trialType(merchant: MerchantState): number {
  const type = merchant.config.brand.trialType[0];
  if (type === undefined) throw new AppError('function.not.available');
  return type;
}

/** Trial accounts are told a real account is needed (spec §4, checklist: in_need_true_account). */
export function requireRealAccount(merchant: MerchantState, member: MemberRow): void {
  if (isTrialType(merchant, member.type)) throw new AppError('trial.forbidden');
}
