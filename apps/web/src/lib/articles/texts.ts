import { defineNamespace } from '../i18n/namespace';
import en from './locales/en.json';

/** The blog and news texts: their own namespace, shipped with the pages that use them. */
export type ArticlesCatalogue = typeof en;

const texts = defineNamespace(
  'articles',
  en,
  import.meta.glob(['./locales/*.json', '!./locales/en.json'], { import: 'default' }),
);

export const ARTICLES_NS = texts.ns;
export const loadArticlesTexts = texts.load;
/** `t` for the articles namespace, once the current language's catalogue is in. */
export const useArticlesTexts = () => texts.useTexts();
