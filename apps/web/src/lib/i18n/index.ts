export { deviceToLanguage, offeredLanguages } from './choose-language';
export {
  applyBrandLanguages,
  chooseUserLanguage,
  currentLanguage,
  i18next,
  initI18n,
} from './i18n';
export { type CatalogueLanguage, fromI18nCode, HTML_LANG, isCatalogueLanguage } from './languages';
