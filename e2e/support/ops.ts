import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { E2E_OPS_TOKEN, E2E_PORT } from './env.ts';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

/** Runs `npm run ops -- …` exactly as an operator would, against the test server. */
export async function ops(...args: string[]): Promise<unknown> {
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/ops/cli.ts', ...args, '--url', `http://127.0.0.1:${E2E_PORT}`],
    { cwd: root, env: { ...process.env, OPS_TOKEN: E2E_OPS_TOKEN, PORT: String(E2E_PORT) } },
  );
  return JSON.parse(stdout);
}
