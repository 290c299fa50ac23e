/**
 * The text catalogue checks every namespace's texts test shares: each language has every EN key,
 * none empty, with the same placeholders.
 */
import { expect } from 'vitest';

export type Tree = { [key: string]: string | Tree };

/** Every key of a catalogue, dotted. */
export const catalogueKeys = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [`${prefix}${k}`] : catalogueKeys(v, `${prefix}${k}.`),
  );

/** The text (or subtree) at a dotted key. */
export const lookup = (tree: Tree, path: string) =>
  path
    .split('.')
    .reduce<string | Tree | undefined>((n, p) => (typeof n === 'object' ? n[p] : undefined), tree);

/** The `{{name}}` placeholders of a text. */
export const PLACEHOLDERS = /\{\{\s*(\w+)\s*\}\}/g;

/** A text's marks (placeholders, and whatever else `pattern` names), sorted. */
export const marks = (s: string, pattern: RegExp = PLACEHOLDERS) =>
  [...s.matchAll(pattern)].map((m) => m[0]).sort();

/**
 * Expects `catalogue` to have every key of `en`, each a non-empty text with the same marks;
 * answers the keys whose text is still the English one (texts of placeholders and symbols only,
 * such as "{{min}} – {{max}}", are not counted).
 */
export function expectSameShape(catalogue: Tree, en: Tree, pattern: RegExp = PLACEHOLDERS): string[] {
  expect(catalogueKeys(catalogue).sort()).toEqual(catalogueKeys(en).sort());
  const untranslated: string[] = [];
  for (const key of catalogueKeys(en)) {
    const text = lookup(catalogue, key);
    const english = lookup(en, key) as string;
    expect(typeof text === 'string' && text.trim() !== '', key).toBe(true);
    expect(marks(text as string, pattern), key).toEqual(marks(english, pattern));
    if (text === english && /[A-Za-z]{3}/.test(english.replace(PLACEHOLDERS, ''))) untranslated.push(key);
  }
  return untranslated;
}
