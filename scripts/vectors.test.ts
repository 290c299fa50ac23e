import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../', import.meta.url);
const SHIPPED = readdirSync(new URL('vectors/', ROOT)).flatMap((dir) =>
  readdirSync(new URL(`vectors/${dir}/`, ROOT))
    .filter((f) => f.endsWith('.json'))
    .map((f) => `vectors/${dir}/${f}`),
);

/** Runs the real command, `npm run vectors -- FILES`, from the repository root. */
function vectors(files: string[]): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'scripts/vectors.ts', ...files],
      { cwd: ROOT },
      (error, stdout, stderr) => resolve({ code: error ? (error.code as number) : 0, out: stdout + stderr }),
    );
  });
}

describe('npm run vectors', () => {
  it('passes every shipped vector, one line each', async () => {
    const total = SHIPPED.reduce(
      (n, f) => n + JSON.parse(readFileSync(new URL(f, ROOT), 'utf8')).vectors.length,
      0,
    );
    const { code, out } = await vectors(SHIPPED);
    expect(out).toContain(`${total} passed, 0 failed`);
    expect(out.split('\n').filter((l) => l.startsWith('ok   '))).toHaveLength(total);
    expect(code).toBe(0);
  });

  it('fails, names the mismatch and exits non-zero when an expected value is wrong', async () => {
    const file = JSON.parse(readFileSync(new URL('vectors/lottery/ssc.json', ROOT), 'utf8'));
    file.vectors[1].expect.payout = '0.20'; // the engine rounds 0.195 down to 0.19
    file.vectors[0].kind = 'nobody.knows';
    const dir = mkdtempSync(join(tmpdir(), 'vectors-'));
    writeFileSync(join(dir, 'wrong.json'), JSON.stringify(file));
    const { code, out } = await vectors([join(dir, 'wrong.json')]);
    expect(out).toMatch(/FAIL .*#1 .*unknown kind nobody\.knows/);
    expect(out).toMatch(/FAIL .*#2 .*payout 0\.20 ≠ 0\.19/);
    expect(out).toContain(`${file.vectors.length - 2} passed, 2 failed`);
    expect(code).toBe(1);
  });
});
