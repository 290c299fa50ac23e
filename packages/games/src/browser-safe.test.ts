import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// Everything but node.ts runs in the browser too (the provably-fair verifier page): such a
// module may import only its siblings, and must not reach for Node's globals.
const dir = new URL('.', import.meta.url);
const browserModules = readdirSync(dir).filter(
  (f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'node.ts',
);

describe('browser safety', () => {
  it.each(browserModules)('%s imports only sibling modules and no Node globals', (file) => {
    const source = readFileSync(new URL(file, dir), 'utf8');
    const specifiers = [...source.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*'([^']+)'/g)].map((m) => m[1]!);
    for (const specifier of specifiers) expect(specifier, file).toMatch(/^\.\/[a-z0-9-]+\.ts$/);
    expect(specifiers).not.toContain('./node.ts');
    expect(source).not.toMatch(/\b(Buffer|process)\.|\brequire\(|__dirname/);
  });
});
