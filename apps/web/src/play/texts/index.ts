/**
 * The game pages' text catalogues: English and Chinese, chosen by the language the lobby
 * launched with; other languages read English until they have a catalogue of their own.
 */
import type { Language } from '@aurum/contract';
import { createContext, useContext } from 'react';
import { cn } from './cn';
import { en, type PlayTexts } from './en';

export type { PlayTexts } from './en';

const catalogues: Partial<Record<Language, PlayTexts>> = { EN: en, CN: cn };

/** The catalogue of `language`, English when it has none. */
export const textsFor = (language: Language): PlayTexts => catalogues[language] ?? en;

/** The page's language tag for <html lang>. */
export const htmlLang = (language: Language): string => (catalogues[language] ?? en).lang;

export const TextsContext = createContext<PlayTexts>(en);

/** The current catalogue; components never hold text of their own. */
export const useTexts = (): PlayTexts => useContext(TextsContext);
