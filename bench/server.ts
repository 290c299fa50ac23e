import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';

export const ROOT = path.resolve(import.meta.dirname, '..');
const START_TIMEOUT_MS = 180_000;

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts the real server (built web app, embedded database in a temp folder) for a bench. A
 * given data folder is used (and removed on stop) instead of a fresh one. With WORKERS=N in
 * `env` it returns once all N processes listen, so the load reaches every one of them.
 */
export async function startServer(
  port: number,
  env: NodeJS.ProcessEnv = {},
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'aurum-bench-')),
): Promise<RunningServer> {
  // BENCH_PROFILE=<dir> writes the server's CPU profile there (open it in Chrome DevTools).
  const profile = process.env.BENCH_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
    : [];
  const child: ChildProcess = spawn(
    process.execPath,
    [...profile, '--import', 'tsx', 'apps/server/src/main.ts'],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
        ...env,
      },
    },
  );
  const workers = Number(env.WORKERS ?? 1);
  let listening = 0;
  if (child.stdout) {
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (/^worker \d+ is listening/.test(line)) listening++;
    });
  }
  const url = `http://127.0.0.1:${port}`;
  // Generous: on a busy machine tsx, the migrations and WORKERS=2 take their time. A server that
  // misses it is ended, so it cannot go on starting against a schema the bench then drops.
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error('the server did not start');
    }
    const ok = await fetch(`${url}/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok && (workers <= 1 || listening >= workers)) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => {
          rmSync(dataDir, { recursive: true, force: true });
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

export const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
export const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
