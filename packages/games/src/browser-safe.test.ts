import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// Everything but node.ts runs in the browser too (the provably-fair verifier page): such a
// module may import only modules of this package (siblings, or up and down its folders), and
// must not reach for Node's globals.
const dir = new URL('.', import.meta.url);
const browserModules = (readdirSync(dir, { recursive: true }) as string[]).filter(
  (f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'node.ts',
);

describe('browser safety', () => {
  it.each(browserModules)('%s imports only package modules and no Node globals', (file) => {
    const source = readFileSync(new URL(file, dir), 'utf8');
    const specifiers = [...source.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*'([^']+)'/g)].map((m) => m[1]!);
    for (const specifier of specifiers) {
      expect(specifier, file).toMatch(/^\.\.?\/(?:[a-z0-9-]+\/)*[a-z0-9-]+\.ts$/);
      const resolved = new URL(specifier, new URL(file, dir)).href;
      expect(resolved.startsWith(dir.href), `${file} imports ${specifier} outside the package`).toBe(true);
      expect(resolved, file).not.toBe(new URL('node.ts', dir).href);
    }
    expect(source).not.toMatch(/\b(Buffer|process)\.|\brequire\(|__dirname/);
  });
});
