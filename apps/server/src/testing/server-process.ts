import { type ChildProcess, spawn } from 'node:child_process';
import { REPO_ROOT } from '../platform/config.ts';
import { OPS_TOKEN, SECRETS_KEY } from './app.ts';

/** How long a server process may take to listen (tsx compiles on start). */
const START_TIMEOUT_MS = 30_000;

export interface ServerProcess {
  child: ChildProcess;
  /** http://127.0.0.1:<port> */
  url: string;
}

/** A PostgreSQL URL whose connections use `schema`, for a process on a test's schema. */
export const schemaUrl = (url: string, schema: string) =>
  `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;

/**
 * Starts `node apps/server/src/main.ts` (a second process of the site) on the database; resolves
 * once it listens. `env` adds to or overrides the environment (REDIS_URL is off unless given).
 */
export function startServer(
  databaseUrl: string,
  dataDir: string,
  env: NodeJS.ProcessEnv = {},
): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      OPS_TOKEN,
      // The same key as the test's own app, as every process of one site has.
      SECRETS_KEY,
      LOG_LEVEL: 'warn',
      REDIS_URL: '',
      ...env,
    },
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(
      () => reject(new Error(`the server did not start:\n${output}`)),
      START_TIMEOUT_MS,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /running at (http:\/\/localhost:\d+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        child.stdout?.resume();
        resolve({ child, url: m[1]!.replace('localhost', '127.0.0.1') });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}):\n${output}`));
    });
  });
}

/** Resolves when the process has exited (at once if it already has). */
export const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
