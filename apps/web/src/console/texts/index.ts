import { createContext, useContext } from 'react';
import { cn } from './cn';
import { type ConsoleTexts, en } from './en';

export type { ConsoleTexts } from './en';
export type ConsoleLanguage = 'EN' | 'CN';

const LANGUAGE_KEY = 'aurum-console-language';

export const textsFor = (language: ConsoleLanguage): ConsoleTexts => (language === 'CN' ? cn : en);

/** The language chosen before, else the browser's (Chinese for zh-*), else English. */
export function initialLanguage(): ConsoleLanguage {
  const kept = globalThis.localStorage?.getItem(LANGUAGE_KEY);
  if (kept === 'EN' || kept === 'CN') return kept;
  return globalThis.navigator?.language?.toLowerCase().startsWith('zh') ? 'CN' : 'EN';
}

export function keepLanguage(language: ConsoleLanguage): void {
  globalThis.localStorage?.setItem(LANGUAGE_KEY, language);
}

/** `{{name}}` placeholders filled in. */
export const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k] ?? ''));

export const TextsContext = createContext<ConsoleTexts>(en);
export const useTexts = (): ConsoleTexts => useContext(TextsContext);
