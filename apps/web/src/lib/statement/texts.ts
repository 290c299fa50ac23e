import { defineNamespace } from '../i18n/namespace';
import en from './locales/en.json';

/** The credit report (statement) texts: their own namespace, shipped with the pages that use them. */
export type StatementCatalogue = typeof en;

const texts = defineNamespace(
  'statement',
  en,
  import.meta.glob(['./locales/*.json', '!./locales/en.json'], { import: 'default' }),
);

export const STATEMENT_NS = texts.ns;
export const loadStatementTexts = texts.load;
/** `t` for the statement namespace, once the current language's catalogue is in. */
export const useStatementTexts = () => texts.useTexts();
