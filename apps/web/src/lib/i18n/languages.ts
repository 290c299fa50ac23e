import type { Language } from '@aurum/contract';

/** Languages this build has a text catalogue for; EN is the source of truth. */
export const CATALOGUE_LANGUAGES = [
  'EN',
  'CN',
  'JA',
  'TH',
  'VI',
  'ES',
] as const satisfies readonly Language[];
export type CatalogueLanguage = (typeof CATALOGUE_LANGUAGES)[number];

export const isCatalogueLanguage = (v: unknown): v is CatalogueLanguage =>
  typeof v === 'string' && (CATALOGUE_LANGUAGES as readonly string[]).includes(v);

/** i18next's code for a language (also the catalogue's file name). */
export const i18nCode = (lang: CatalogueLanguage) => lang.toLowerCase() as Lowercase<CatalogueLanguage>;

export const fromI18nCode = (code: string | undefined): CatalogueLanguage => {
  const upper = (code ?? '').toUpperCase();
  return isCatalogueLanguage(upper) ? upper : 'EN';
};

/** The BCP 47 tag for `<html lang>`. */
export const HTML_LANG: Record<CatalogueLanguage, string> = {
  EN: 'en',
  CN: 'zh-CN',
  JA: 'ja',
  TH: 'th',
  VI: 'vi',
  ES: 'es',
};
