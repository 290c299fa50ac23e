import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The server's boundaries as a check (docs/architecture.md):
 * 1. `platform/` (db, config, crypto, http, SQL runner, rate limits, jobs, events) imports no module
 *    (its tests may build the app);
 * 2. a file outside `modules/<x>/` imports only `modules/<x>/index.ts`, the module's public face.
 *    Test files (`*.test.ts`) and test helpers (`testing/`, `testing.ts`, `*-testing.ts`) may also
 *    import another module's test helpers (funded members, vendor players…), nothing else inside it;
 * 3. which module may use which is written down here: a new dependency between modules is a
 *    decision, made by adding its edge below, not an accident; an edge no longer used is removed.
 *    Tests and test helpers are not counted for this one.
 * Static and dynamic imports alike.
 */
const src = resolve(dirname(fileURLToPath(import.meta.url)));

/** Module → the modules it uses today. */
const ALLOWED: Record<string, readonly string[]> = {
  accounts: ['ops'],
  agents: ['accounts', 'games', 'ops', 'support', 'wallet'],
  cashier: ['accounts', 'ops', 'wallet'],
  content: ['accounts', 'games', 'ops'],
  games: ['accounts', 'inhouse', 'ops', 'vendor', 'wallet'],
  inhouse: ['vendor'],
  kyc: ['accounts', 'ops', 'support'],
  lottery: ['accounts', 'ops', 'realtime', 'vendor', 'wallet'],
  loyalty: ['accounts', 'agents', 'games', 'ops', 'support', 'wallet'],
  ops: ['wallet'],
  operators: ['accounts', 'cashier', 'ops'],
  players: ['accounts', 'agents', 'ops'],
  promo: ['accounts', 'ops', 'wallet'],
  realtime: ['accounts', 'wallet'],
  reports: ['accounts', 'agents', 'games', 'ops', 'wallet'],
  risk: ['ops'],
  support: ['accounts', 'ops', 'realtime'],
  system: ['accounts'],
  vendor: ['accounts', 'ops', 'wallet'],
  wallet: ['accounts'],
};

export function isTestCode(file: string): boolean {
  return /\.test\.ts$/.test(file) || /(^|\/)testing(\/|\.ts$)/.test(file) || /-testing\.ts$/.test(file);
}

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return files(path);
    return /\.ts$/.test(e.name) ? [path] : [];
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
  const parts = file.split('/');
  if (parts[0] === 'modules') return parts.length > 2 ? `modules/${parts[1]}` : 'modules';
  if (parts[0] === 'platform' || parts[0] === 'db') return parts[0];
  return 'root';
}

export interface Edge {
  /** The importing file and the imported one, relative to `src/`, with `/`. */
  file: string;
  target: string;
  from: string;
  to: string;
  spec: string;
}

/** The relative imports of `sources` (path under `src/` → text). */
export function edgesOf(sources: ReadonlyMap<string, string>): Edge[] {
  return [...sources].flatMap(([file, text]) =>
    importsOf(text)
      .filter((spec) => spec.startsWith('.'))
      .map((spec) => {
        const target = posix.join(posix.dirname(file), spec);
        return { file, target, from: areaOf(file), to: areaOf(target), spec };
      }),
  );
}

/** Rule 1: imports out of `platform/` (its tests excepted: they build the app) into anything but `platform/` and `db/`. */
export function platformProblems(edges: readonly Edge[]): string[] {
  return edges
    .filter((e) => !isTestCode(e.file) && e.from === 'platform' && e.to !== 'platform' && e.to !== 'db')
    .map((e) => `${e.file} → ${e.spec}`);
}

/** Rule 2: imports from outside a module of anything but its `index.ts` (or, from test code, its test helpers). */
export function deepImports(edges: readonly Edge[]): string[] {
  return edges
    .filter((e) => e.to.startsWith('modules/') && e.from !== e.to)
    .filter((e) => e.target !== `${e.to}/index.ts` && !(isTestCode(e.file) && isTestCode(e.target)))
    .map((e) => `${e.file} → ${e.spec}`);
}

/** Rule 3: module → module imports of non-test code that `allowed` does not name. */
export function unlistedEdges(edges: readonly Edge[], allowed: Record<string, readonly string[]>): string[] {
  return moduleEdges(edges)
    .filter((e) => !(allowed[e.from.slice('modules/'.length)] ?? []).includes(e.to.slice('modules/'.length)))
    .map((e) => `${e.file} → ${e.spec}`);
}

function moduleEdges(edges: readonly Edge[]): Edge[] {
  return edges.filter(
    (e) =>
      !isTestCode(e.file) && e.from.startsWith('modules/') && e.to.startsWith('modules/') && e.from !== e.to,
  );
}

const edges = edgesOf(
  new Map(files(src).map((path) => [relative(src, path).split(sep).join('/'), readFileSync(path, 'utf8')])),
);

describe('server architecture', () => {
  it('reads static and dynamic imports alike', () => {
    expect(importsOf("import { a } from './a.ts';\nawait import('../b/c.ts');")).toEqual([
      './a.ts',
      '../b/c.ts',
    ]);
  });

  it('finds a deep import into a module, and lets the index and test helpers through', () => {
    const fake = edgesOf(
      new Map([
        [
          'app.ts',
          "import { Ledger } from './modules/wallet/ledger.ts';\nimport { x } from './modules/wallet/index.ts';",
        ],
        ['modules/games/service.ts', "import type { AccountRef } from '../wallet/accounts.ts';"],
        [
          'modules/games/launch.ts',
          "import { memberAccount } from '../wallet/index.ts';\nimport { a } from './a.ts';",
        ],
        ['modules/games/launch.test.ts', "import { createFundedMembers } from '../wallet/testing.ts';"],
        ['modules/games/testing.ts', "import { newPlayer } from '../vendor/testing/helpers.ts';"],
        ['modules/games/bets.test.ts', "const { Ledger } = await import('../wallet/ledger.ts');"],
        ['modules/wallet/ledger.ts', "import { queryRows } from '../../platform/sql.ts';"],
        ['platform/sql.ts', "import type { Ledger } from '../modules/wallet/index.ts';"],
        ['platform/sql.test.ts', "import { buildApp } from '../app.ts';"],
      ]),
    );
    expect(deepImports(fake)).toEqual([
      'app.ts → ./modules/wallet/ledger.ts',
      'modules/games/service.ts → ../wallet/accounts.ts',
      'modules/games/bets.test.ts → ../wallet/ledger.ts',
    ]);
    expect(platformProblems(fake)).toEqual(['platform/sql.ts → ../modules/wallet/index.ts']);
    expect(unlistedEdges(fake, { games: ['wallet'] })).toEqual([]);
    expect(unlistedEdges(fake, { games: [] })).toEqual([
      'modules/games/service.ts → ../wallet/accounts.ts',
      'modules/games/launch.ts → ../wallet/index.ts',
    ]);
  });

  it('keeps platform free of modules and of the composition root', () => {
    expect(platformProblems(edges)).toEqual([]);
  });

  it('lets code outside a module import only its index.ts', () => {
    expect(deepImports(edges)).toEqual([]);
  });

  it('lets a module use only the modules its edge list names', () => {
    expect(unlistedEdges(edges, ALLOWED)).toEqual([]);
  });

  it('names every module in the edge list, and no edge that is not used', () => {
    const used = new Map<string, Set<string>>();
    for (const e of moduleEdges(edges)) {
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
