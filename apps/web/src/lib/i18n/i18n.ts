import type { Language } from '@aurum/contract';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { setRequestLanguage } from '../api/request-context';
import { BUILD_BRAND } from '../config';
import { readStorage, STORAGE_KEYS, writeStorage } from '../storage/storage';
import { chooseLanguage, fallbackLanguage } from './choose-language';
import { type CatalogueLanguage, fromI18nCode, HTML_LANG, i18nCode } from './languages';
import en from './locales/en.json';

type Catalogue = typeof en;

// Only EN ships in the first chunk; every other catalogue is its own lazily loaded file.
const lazyCatalogues = import.meta.glob<Catalogue>(['./locales/*.json', '!./locales/en.json'], {
  import: 'default',
});

export interface BrandLanguages {
  supportLanguages: readonly Language[];
  defaultLang: Language;
  forceDefaultLangDomains: readonly string[];
}

let brandLanguages: BrandLanguages = BUILD_BRAND;

async function ensureCatalogue(lang: CatalogueLanguage): Promise<void> {
  const code = i18nCode(lang);
  if (i18next.hasResourceBundle(code, 'translation')) return;
  const load = lazyCatalogues[`./locales/${code}.json`];
  if (!load) return;
  i18next.addResourceBundle(code, 'translation', await load(), true, true);
}

function onLanguageChanged(code: string) {
  const lang = fromI18nCode(code);
  // No document when the server prerenders the home page (app/prerender.tsx).
  // Set only when it changes: setting it, even to the same value, restyles the whole page.
  if (typeof document !== 'undefined' && document.documentElement.lang !== HTML_LANG[lang]) {
    document.documentElement.lang = HTML_LANG[lang];
  }
  setRequestLanguage(lang);
}

function resolveLanguage(): CatalogueLanguage {
  return chooseLanguage({
    supported: brandLanguages.supportLanguages,
    defaultLang: brandLanguages.defaultLang,
    forceDefaultLangDomains: brandLanguages.forceDefaultLangDomains,
    hostname: window.location.hostname,
    stored: [readStorage('local', STORAGE_KEYS.lang), readStorage('local', STORAGE_KEYS.hisLang)],
    deviceLanguages: navigator.languages?.length ? navigator.languages : [navigator.language],
  });
}

function setFallback() {
  const fallback = i18nCode(fallbackLanguage(brandLanguages.defaultLang));
  i18next.options.fallbackLng = fallback === 'en' ? ['en'] : [fallback, 'en'];
}

/**
 * Starts i18n with the language the build's brand settings choose (before any server data), or
 * with the given one (the server's prerender of the home page, which has no window).
 */
export async function initI18n(lang: CatalogueLanguage = resolveLanguage()): Promise<void> {
  i18next.on('languageChanged', onLanguageChanged);
  await i18next.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { translation: en } },
    partialBundledLanguages: true,
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    returnNull: false,
  });
  await switchTo(lang);
}

async function switchTo(lang: CatalogueLanguage) {
  const fallback = fallbackLanguage(brandLanguages.defaultLang);
  await Promise.all([ensureCatalogue(lang), ensureCatalogue(fallback)]);
  setFallback();
  if (i18next.language !== i18nCode(lang)) await i18next.changeLanguage(i18nCode(lang));
  else onLanguageChanged(i18next.language);
}

/**
 * Applies the merchant's live language settings; switches if the current one is not offered (to
 * the given language for the server's prerender, which has no window to choose from).
 */
export async function applyBrandLanguages(brand: BrandLanguages, lang?: CatalogueLanguage): Promise<void> {
  brandLanguages = brand;
  await switchTo(lang ?? resolveLanguage());
}

/** The visitor's own choice: remembered under both `lang` and `hisLang` (spec §1). */
export async function chooseUserLanguage(lang: CatalogueLanguage): Promise<void> {
  writeStorage('local', STORAGE_KEYS.lang, lang);
  writeStorage('local', STORAGE_KEYS.hisLang, lang);
  await switchTo(lang);
}

export const currentLanguage = (): CatalogueLanguage => fromI18nCode(i18next.language);

export { i18next };
