import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { WEB_MOCKING } from '../vitest.config.ts';

const WEB = path.resolve(import.meta.dirname, '../apps/web');

function testFiles(dir: string): string[] {
  return readdirSync(path.join(WEB, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFiles(rel);
    return /\.test\.tsx?$/.test(entry.name) ? [rel] : [];
  });
}

describe('web tests sharing a module cache (vitest.config.ts)', () => {
  it('runs every file that replaces a module with vi.mock in the isolated project, and only those', () => {
    const mocking = testFiles('src').filter((file) =>
      /\bvi\.(mock|doMock)\(/.test(readFileSync(path.join(WEB, file), 'utf8')),
    );
    expect(mocking.length).toBeGreaterThan(0);
    expect([...WEB_MOCKING].sort()).toEqual(mocking.sort());
  });
});
