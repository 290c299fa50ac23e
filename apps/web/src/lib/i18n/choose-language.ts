import type { Language } from '@aurum/contract';
import { isLanguage } from '../contract';
import { CATALOGUE_LANGUAGES, type CatalogueLanguage, isCatalogueLanguage } from './languages';

/** Languages a visitor may pick: the merchant's list, limited to languages with a catalogue. */
export function offeredLanguages(supported: readonly Language[]): CatalogueLanguage[] {
  const offered = supported.filter(isCatalogueLanguage);
  return offered.length > 0 ? offered : ['EN'];
}

/** Maps a device language tag (navigator.languages) to a product language. */
export function deviceToLanguage(tag: string): Language | null {
  const primary = tag.toLowerCase().split(/[-_]/)[0] ?? '';
  if (primary === 'zh') return 'CN';
  const upper = primary.toUpperCase();
  return isLanguage(upper) && upper !== 'CN' ? upper : null;
}

/** The configured default, or EN when the merchant's default has no catalogue. */
export function fallbackLanguage(defaultLang: Language): CatalogueLanguage {
  return isCatalogueLanguage(defaultLang) ? defaultLang : CATALOGUE_LANGUAGES[0];
}

export interface LanguageInputs {
  supported: readonly Language[];
  defaultLang: Language;
  forceDefaultLangDomains: readonly string[];
  hostname: string;
  /** Stored choices, most authoritative first: localStorage `lang`, then `hisLang`. */
  stored: readonly (string | null | undefined)[];
  deviceLanguages: readonly string[];
}

/**
 * Spec §1: a stored choice wins while it is still supported; otherwise the default comes from the
 * device language among the supported ones, except on the forcing domains, where it is the
 * configured default. Whatever is chosen falls back to the configured default.
 */
export function chooseLanguage(i: LanguageInputs): CatalogueLanguage {
  const offered = offeredLanguages(i.supported);
  const fallback = offered.includes(fallbackLanguage(i.defaultLang))
    ? fallbackLanguage(i.defaultLang)
    : (offered[0] ?? 'EN');
  for (const s of i.stored) {
    const upper = s?.toUpperCase();
    if (upper && offered.includes(upper as CatalogueLanguage)) return upper as CatalogueLanguage;
  }
  if (i.forceDefaultLangDomains.includes(i.hostname.toLowerCase())) return fallback;
  for (const tag of i.deviceLanguages) {
    const lang = deviceToLanguage(tag);
    if (lang && offered.includes(lang as CatalogueLanguage)) return lang as CatalogueLanguage;
  }
  return fallback;
}
