/**
 * `npm run statement-fonts -- SOURCE_DIR`: remakes the statement PDF's font subsets in
 * apps/server/src/modules/reports/fonts from the Noto fonts (SIL Open Font License 1.1).
 *
 * The PDF of the member's statement is written in the member's language, so it needs glyphs that
 * the PDF's standard fonts lack (CJK, Thai, Vietnamese). The full fonts are tens of megabytes; the
 * committed subsets hold what the statement prints: Latin with Vietnamese for EN, ES and VI, Thai
 * with ASCII for TH, and for CN and JA exactly the characters of their statement texts with
 * ASCII. A change of those texts needs this script again; statement-fonts.test.ts says so.
 *
 * SOURCE_DIR holds the unpacked npm packages (`npm pack @expo-google-fonts/noto-sans
 * @expo-google-fonts/noto-sans-sc @expo-google-fonts/noto-sans-thai`, each unpacked into a folder
 * named after its package: noto-sans, noto-sans-sc, noto-sans-thai). Needs a Python with fontTools
 * (Debian: python3-fonttools; FONTTOOLS_PYTHON=/usr/bin/python3 picks that one).
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import {
  FONT_FILES,
  FONT_SCRIPT,
  scriptCharacters,
} from '../apps/server/src/modules/reports/statement-fonts.ts';

const source = process.argv[2];
if (!source) throw new Error('usage: npm run statement-fonts -- SOURCE_DIR');
const out = path.resolve(import.meta.dirname, '../apps/server/src/modules/reports/fonts');

const ASCII = 'U+0020-007E';
const SOURCES: Record<keyof typeof FONT_FILES, { pkg: string; regular: string; bold: string }> = {
  latin: { pkg: 'noto-sans', regular: 'NotoSans_400Regular.ttf', bold: 'NotoSans_700Bold.ttf' },
  cjk: { pkg: 'noto-sans-sc', regular: 'NotoSansSC_400Regular.ttf', bold: 'NotoSansSC_700Bold.ttf' },
  thai: { pkg: 'noto-sans-thai', regular: 'NotoSansThai_400Regular.ttf', bold: 'NotoSansThai_700Bold.ttf' },
};
const UNICODES: Record<keyof typeof FONT_FILES, string> = {
  // Latin-1, Latin Extended-A and B, combining marks and Latin Extended Additional (Vietnamese).
  latin: `${ASCII},U+00A0-024F,U+0300-0323,U+1EA0-1EF9,U+2013-2014,U+2018-201D`,
  cjk: ASCII,
  thai: `${ASCII},U+0E01-0E5B`,
};

for (const script of Object.keys(FONT_FILES) as (keyof typeof FONT_FILES)[]) {
  const src = SOURCES[script];
  for (const weight of ['regular', 'bold'] as const) {
    const weightDir = weight === 'regular' ? '400Regular' : '700Bold';
    const input = path.join(source, src.pkg, 'package', weightDir, src[weight]);
    const output = path.join(out, FONT_FILES[script][weight]);
    const text = script === 'cjk' ? [...scriptCharacters('cjk')].join('') : '';
    execFileSync(
      process.env.FONTTOOLS_PYTHON ?? 'python3',
      [
        '-m',
        'fontTools.subset',
        input,
        `--unicodes=${UNICODES[script]}`,
        ...(text ? [`--text=${text}`] : []),
        `--output-file=${output}`,
        '--layout-features=*',
        '--name-IDs=*',
        '--no-hinting',
        '--desubroutinize',
      ],
      { stdio: 'inherit' },
    );
    console.log(`${FONT_SCRIPT[script]}: ${output}`);
  }
}
