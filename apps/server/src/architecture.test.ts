import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The server's boundaries as a check (docs/architecture.md):
 * - `platform/` (db, config, crypto, http, rate limits, jobs, events) imports no module;
 * - which module may use which is written down here: a new dependency between modules is a
 *   decision, made by adding its edge below, not an accident. The list only shrinks as modules
 *   are merged behind their `index.ts` (the accounts area next).
 * Static and dynamic imports alike; tests and test helpers are not counted.
 */
const src = resolve(dirname(fileURLToPath(import.meta.url)));

/** Module → the modules it uses today. */
const ALLOWED: Record<string, readonly string[]> = {
  accounts: ['ops', 'vendor'],
  cashier: ['accounts', 'ops', 'wallet'],
  content: ['accounts', 'games', 'ops'],
  games: ['accounts', 'inhouse', 'ops', 'vendor', 'wallet'],
  inhouse: ['vendor'],
  ops: ['wallet'],
  promo: ['accounts', 'ops', 'wallet'],
  realtime: ['accounts', 'wallet'],
  support: ['accounts', 'ops', 'realtime'],
  system: ['accounts'],
  vendor: ['accounts', 'ops', 'wallet'],
  wallet: ['accounts', 'games'],
};

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'testing' ? [] : files(path);
    return /\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name) && !/testing\.ts$/.test(e.name) ? [path] : [];
  });
}

const STATIC = /^\s*(?:import|export)\s+(?:type\s+)?[^'"]*?from\s+['"]([^'"]+)['"]/gm;
const DYNAMIC = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

export function importsOf(text: string): string[] {
  return [
    ...[...text.matchAll(STATIC)].map((m) => m[1] ?? ''),
    ...[...text.matchAll(DYNAMIC)].map((m) => m[1] ?? ''),
  ];
}

/** `platform`, `db` (schema and migrations), `modules/<name>`, or the composition root (app.ts, main.ts, boot.ts, ops/…). */
function areaOf(file: string): string {
  const parts = relative(src, file).split(sep);
  if (parts[0] === 'modules') return parts.length > 2 ? `modules/${parts[1]}` : 'modules';
  if (parts[0] === 'platform' || parts[0] === 'db') return parts[0];
  return 'root';
}

const sources = files(src);
const edges = sources.flatMap((file) =>
  importsOf(readFileSync(file, 'utf8'))
    .filter((spec) => spec.startsWith('.'))
    .map((spec) => ({
      file: relative(src, file),
      from: areaOf(file),
      to: areaOf(resolve(dirname(file), spec)),
      spec,
    })),
);

describe('server architecture', () => {
  it('reads static and dynamic imports alike', () => {
    expect(importsOf("import { a } from './a.ts';\nawait import('../b/c.ts');")).toEqual([
      './a.ts',
      '../b/c.ts',
    ]);
  });

  it('keeps platform free of modules and of the composition root', () => {
    const problems = edges
      .filter((e) => e.from === 'platform' && e.to !== 'platform' && e.to !== 'db')
      .map((e) => `${e.file} → ${e.spec}`);
    expect(problems).toEqual([]);
  });

  it('lets a module use only the modules its edge list names', () => {
    const problems = edges
      .filter((e) => e.from.startsWith('modules/') && e.to.startsWith('modules/') && e.from !== e.to)
      .filter((e) => {
        const from = e.from.slice('modules/'.length);
        const to = e.to.slice('modules/'.length);
        return !(ALLOWED[from] ?? []).includes(to);
      })
      .map((e) => `${e.file} → ${e.spec}`);
    expect(problems).toEqual([]);
  });

  it('names every module in the edge list, and no edge that is not used', () => {
    const used = new Map<string, Set<string>>();
    for (const e of edges) {
      if (!e.from.startsWith('modules/') || !e.to.startsWith('modules/') || e.from === e.to) continue;
      const from = e.from.slice('modules/'.length);
      if (!used.has(from)) used.set(from, new Set());
      used.get(from)!.add(e.to.slice('modules/'.length));
    }
    const modules = readdirSync(join(src, 'modules'), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
    expect(Object.keys(ALLOWED).sort()).toEqual(modules);
    const stale = Object.entries(ALLOWED).flatMap(([from, tos]) =>
      tos.filter((to) => !used.get(from)?.has(to)).map((to) => `${from} → ${to}`),
    );
    expect(stale).toEqual([]);
  });
});
