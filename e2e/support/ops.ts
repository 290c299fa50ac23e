import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { E2E_OPS_TOKEN, serverPort } from './env.ts';

/** The demo merchant (config/brand.json), which the test server runs. */
const E2E_MERCHANT = 'AURUM';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

/** Runs `npm run ops -- …` exactly as an operator would, against the journey's test server. */
export async function ops(...args: string[]): Promise<unknown> {
  const port = serverPort();
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/ops/cli.ts', ...args, '--url', `http://127.0.0.1:${port}`],
    { cwd: root, env: { ...process.env, OPS_TOKEN: E2E_OPS_TOKEN, PORT: String(port) } },
  );
  return JSON.parse(stdout);
}

/**
 * An operator command sent straight to the test server's operator API (what `ops` does after
 * parsing its words), for the calls a journey polls: starting `npm run ops` costs a Node start
 * with the TypeScript loader, seconds on a busy machine, and a poll needs an answer in a few.
 */
export async function opsCall(args: Record<string, unknown>, port = serverPort()): Promise<unknown> {
  const response = await fetch(`http://127.0.0.1:${port}/ops/command`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-ops-token': E2E_OPS_TOKEN },
    body: JSON.stringify({ merchant: E2E_MERCHANT, actor: 'e2e', args }),
  });
  const body = (await response.json()) as { success: boolean; value?: unknown; message?: string };
  if (!body.success) throw new Error(`ops ${JSON.stringify(args)} refused: ${body.message}`);
  return body.value;
}
