import type { Language } from '@aurum/contract';
import type { MemberRow } from '../../../db/schema.ts';
import type { MerchantState } from '../../../platform/merchants.ts';

/**
 * The language to write to a member in (SMS, email, messages): the one it chose (kept by the
 * language update call), while the merchant still supports it; else the fallback (the request's
 * language, or the merchant's default).
 */
export function memberLanguage(
  merchant: MerchantState,
  member: Pick<MemberRow, 'language'> | null | undefined,
  fallback?: string,
): Language {
  const brand = merchant.config.brand;
  const supported = brand.supportLanguages as string[];
  if (member && supported.includes(member.language)) return member.language as Language;
  return fallback && supported.includes(fallback) ? (fallback as Language) : brand.defaultLang;
}
