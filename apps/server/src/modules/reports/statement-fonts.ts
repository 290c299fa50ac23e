import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Language } from '@aurum/contract';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';
import { type StatementTexts, TEXTS } from './statement-texts.ts';

/**
 * The statement PDF's fonts: subsets of the Noto fonts (SIL Open Font License 1.1, fonts/OFL.txt)
 * committed in fonts/ and remade by `npm run statement-fonts` (scripts/statement-fonts.ts). Each
 * language prints with the font of its script, so the PDF is in the member's language like the
 * CSV; a character the font lacks (a vendor name in another script) prints as "?".
 */
export const FONT_FILES = {
  latin: { regular: 'statement-latin.ttf', bold: 'statement-latin-bold.ttf' },
  cjk: { regular: 'statement-cjk.ttf', bold: 'statement-cjk-bold.ttf' },
  thai: { regular: 'statement-thai.ttf', bold: 'statement-thai-bold.ttf' },
} as const;
export type FontScript = keyof typeof FONT_FILES;

export const FONT_SCRIPT: Record<FontScript, string> = {
  latin: 'Latin and Vietnamese (EN, ES, VI)',
  cjk: 'Chinese and Japanese (CN, JA)',
  thai: 'Thai (TH)',
};

const SCRIPT_OF: Partial<Record<Language, FontScript>> = {
  EN: 'latin',
  ES: 'latin',
  VI: 'latin',
  CN: 'cjk',
  JA: 'cjk',
  TH: 'thai',
};

export const fontScriptOf = (language: Language): FontScript => SCRIPT_OF[language] ?? 'latin';

const allTexts = (t: StatementTexts) => [...Object.values(t.headers), ...Object.values(t.types)];

/** Every character the statement's own words use in the languages of a script. */
export function scriptCharacters(script: FontScript): Set<string> {
  const chars = new Set<string>();
  for (const [language, texts] of Object.entries(TEXTS) as [Language, StatementTexts][]) {
    if (SCRIPT_OF[language] !== script) continue;
    for (const text of allTexts(texts)) for (const c of text) chars.add(c);
  }
  return chars;
}

const FONT_DIR = path.join(import.meta.dirname, 'fonts');
const bytes = new Map<string, Buffer>();
const fontBytes = (file: string) => {
  let b = bytes.get(file);
  if (!b) {
    b = readFileSync(path.join(FONT_DIR, file));
    bytes.set(file, b);
  }
  return b;
};

export interface StatementFonts {
  regular: PDFFont;
  bold: PDFFont;
  /** The text with what the fonts cannot show replaced by "?". */
  printable(text: string): string;
}

/** Embeds the language's fonts in the document (only the glyphs used end up in the file). */
export async function embedStatementFonts(doc: PDFDocument, language: Language): Promise<StatementFonts> {
  doc.registerFontkit(fontkit);
  const files = FONT_FILES[fontScriptOf(language)];
  const regular = await doc.embedFont(fontBytes(files.regular), { subset: true });
  const bold = await doc.embedFont(fontBytes(files.bold), { subset: true });
  const shown = new Set(regular.getCharacterSet());
  const boldShown = new Set(bold.getCharacterSet());
  return {
    regular,
    bold,
    printable: (text) =>
      [...text]
        .map((c) => {
          const cp = c.codePointAt(0) ?? 0;
          return shown.has(cp) && boldShown.has(cp) ? c : '?';
        })
        .join(''),
  };
}
