import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * STYLE.md rule 1 as a check: dependencies flow components/ui and lib → features → app; no
 * feature imports another feature. Also: contract values come through lib/contract, never from
 * the package (whose index would ship every zod schema to the browser).
 */
const src = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return files(path);
    return /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

const IMPORT = /^\s*(import|export)\s+(type\s+)?[^'"]*?from\s+['"]([^'"]+)['"]/gm;
/** `import('…')`: a lazy chunk is still a dependency. */
const DYNAMIC_IMPORT = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

export function importsOf(text: string) {
  return [
    ...[...text.matchAll(IMPORT)].map((m) => ({ typeOnly: Boolean(m[2]), spec: m[3] ?? '' })),
    ...[...text.matchAll(DYNAMIC_IMPORT)].map((m) => ({ typeOnly: false, spec: m[1] ?? '' })),
  ];
}

function imports(file: string) {
  return importsOf(readFileSync(file, 'utf8'));
}

const area = (file: string) => {
  const parts = relative(src, file).split(sep);
  return parts[0] === 'features' ? `features/${parts[1]}` : (parts[0] ?? '');
};

const all = files(src).filter((f) => !relative(src, f).startsWith('testing'));

describe('architecture', () => {
  it('reads static and dynamic imports alike', () => {
    const text = "import { a } from './a';\nconst B = lazy(() => import('../features/b/page'));";
    expect(importsOf(text).map((i) => i.spec)).toEqual(['./a', '../features/b/page']);
  });

  it('keeps features independent and the base layer free of features and app', () => {
    const problems: string[] = [];
    for (const file of all) {
      const from = area(file);
      for (const { spec } of imports(file)) {
        if (!spec.startsWith('.')) continue;
        const to = area(resolve(dirname(file), spec));
        const base = from === 'lib' || from === 'components';
        if (base && (to.startsWith('features') || to === 'app'))
          problems.push(`${relative(src, file)} → ${spec}`);
        if (from.startsWith('features/') && (to === 'app' || (to.startsWith('features/') && to !== from))) {
          problems.push(`${relative(src, file)} → ${spec}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('keeps the operator console apart from the player site: neither imports the other', () => {
    const problems: string[] = [];
    for (const file of all) {
      const from = area(file);
      for (const { spec } of imports(file)) {
        if (!spec.startsWith('.')) continue;
        const to = area(resolve(dirname(file), spec));
        const crossing =
          (from !== 'console' && to === 'console') ||
          (from === 'console' && (to.startsWith('features') || to === 'app' || to === 'play'));
        if (crossing) problems.push(`${relative(src, file)} → ${spec}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('imports contract values only through lib/contract', () => {
    const problems = all.flatMap((file) =>
      imports(file)
        .filter((i) => i.spec === '@aurum/contract' && !i.typeOnly)
        .map(() => relative(src, file)),
    );
    expect(problems).toEqual([]);
  });
});
