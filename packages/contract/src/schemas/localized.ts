import { z } from 'zod';
import { LANGUAGES, type Language } from '../headers.ts';

/**
 * Operator-written text in the site's languages: EN is required (it is the fallback), the others
 * are optional. `{ "EN": "Welcome", "CN": "欢迎" }`.
 */
export const localizedTextSchema = z
  .partialRecord(z.enum(LANGUAGES), z.string().trim().min(1))
  .refine((t) => typeof t.EN === 'string', { message: 'EN text is required' });
export type LocalizedText = z.infer<typeof localizedTextSchema>;

/** The text in the language asked for, else EN. */
export const pickLanguage = (text: LocalizedText, language: Language | string): string =>
  text[language as Language] ?? text.EN ?? '';
