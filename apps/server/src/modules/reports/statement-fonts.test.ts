import type { Language } from '@aurum/contract';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import {
  embedStatementFonts,
  FONT_FILES,
  type FontScript,
  fontScriptOf,
  scriptCharacters,
} from './statement-fonts.ts';
import { TEXTS } from './statement-texts.ts';

const LANGUAGES = Object.keys(TEXTS) as Language[];

describe('the statement PDF’s fonts', () => {
  it.each(LANGUAGES)(
    'print every word of the %s statement (else: npm run statement-fonts)',
    async (language) => {
      const fonts = await embedStatementFonts(await PDFDocument.create(), language);
      const texts = TEXTS[language]!;
      for (const word of [...Object.values(texts.headers), ...Object.values(texts.types)]) {
        expect(fonts.printable(word), `${language}: "${word}"`).toBe(word);
      }
      // The figures and times printed beside them.
      expect(fonts.printable('2026-11-27 13:05:00 -1,234.56 UTC+07:00')).toBe(
        '2026-11-27 13:05:00 -1,234.56 UTC+07:00',
      );
    },
  );

  it('prints what its fonts lack as "?" instead of a blank', async () => {
    const latin = await embedStatementFonts(await PDFDocument.create(), 'EN');
    expect(latin.printable('Pragmatic 游戏')).toBe('Pragmatic ??');
    const cjk = await embedStatementFonts(await PDFDocument.create(), 'CN');
    expect(cjk.printable('主钱包 ภาษา')).toBe('主钱包 ????');
  });

  it('has one font pair per script, and each script’s characters come from its languages', () => {
    const scripts = new Set(LANGUAGES.map(fontScriptOf));
    expect([...scripts].sort()).toEqual((Object.keys(FONT_FILES) as FontScript[]).sort());
    expect(scriptCharacters('cjk').has('钱')).toBe(true);
    expect(scriptCharacters('latin').has('钱')).toBe(false);
  });
});
