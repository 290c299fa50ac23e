import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The Firebase Authentication emulator of the firebase-tools package, a real local server
 * (no Java needed for auth), started for one test file and stopped in its afterAll.
 */
export interface AuthEmulator {
  /** host:port, as FIREBASE_AUTH_EMULATOR_HOST takes it. */
  host: string;
  projectId: string;
  /** Signs a number in by phone as the web SDK does (code read from the emulator); its ID token. */
  phoneIdToken(e164: string): Promise<string>;
  /** The last code the emulator "sent" to a number (as a phone would show it), or null. */
  lastCode(e164: string): Promise<string | null>;
  /** Deletes every user of the project: their ID tokens are then refused (USER_NOT_FOUND). */
  deleteUsers(): Promise<void>;
  stop(): Promise<void>;
}

const START_TIMEOUT_MS = 90_000;
/** The API key the browser would send; the emulator takes any. */
export const EMULATOR_API_KEY = 'emulator-api-key';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function firebaseBin(): string {
  const require = createRequire(import.meta.url);
  const pkgPath = require.resolve('firebase-tools/package.json');
  const bin = (require(pkgPath) as { bin: Record<string, string> }).bin.firebase;
  if (!bin) throw new Error('firebase-tools has no firebase binary');
  return path.join(path.dirname(pkgPath), bin);
}

/** Kills the emulator's process group (it may start children), and waits for it to exit. */
async function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const signal = (s: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, s);
    } catch {
      // Already gone.
    }
  };
  signal('SIGTERM');
  const forced = setTimeout(() => signal('SIGKILL'), 5_000);
  await exited;
  clearTimeout(forced);
}

/** Starts the emulator for `projectId`, on `port` when given (a free one otherwise). */
export async function startAuthEmulator(projectId = 'demo-aurum', port?: number): Promise<AuthEmulator> {
  const dir = mkdtempSync(path.join(tmpdir(), 'firebase-emulator-'));
  const [authPort, hubPort, loggingPort] = [port ?? (await freePort()), await freePort(), await freePort()];
  writeFileSync(
    path.join(dir, 'firebase.json'),
    JSON.stringify({
      emulators: {
        auth: { host: '127.0.0.1', port: authPort },
        hub: { host: '127.0.0.1', port: hubPort },
        logging: { host: '127.0.0.1', port: loggingPort },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  const child = spawn(
    process.execPath,
    [firebaseBin(), 'emulators:start', '--only', 'auth', '--project', projectId, '--config', 'firebase.json'],
    {
      cwd: dir,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, HOME: dir, XDG_CONFIG_HOME: dir, NO_UPDATE_NOTIFIER: '1', CI: 'true' },
    },
  );
  // Should the test process die first, the emulator does not outlive it.
  const onExit = () => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // Already gone.
    }
  };
  process.once('exit', onExit);
  let output = '';
  child.stdout?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  const host = `127.0.0.1:${authPort}`;
  const stop = async () => {
    await kill(child);
    process.removeListener('exit', onExit);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitUntilUp(host, child, () => output);
  } catch (e) {
    await stop();
    throw e;
  }

  const call = async (pathname: string, init?: RequestInit) => {
    const res = await fetch(`http://${host}${pathname}`, {
      ...init,
      headers: { 'content-type': 'application/json' },
    });
    const body = (await res.json()) as Record<string, unknown>;
    if (!res.ok) throw new Error(`${pathname}: ${res.status} ${JSON.stringify(body)}`);
    return body;
  };
  const toolkit = `/identitytoolkit.googleapis.com/v1`;
  return {
    host,
    projectId,
    stop,
    async lastCode(e164) {
      const codes = (await call(`/emulator/v1/projects/${projectId}/verificationCodes`)) as {
        verificationCodes?: { phoneNumber: string; code: string }[];
      };
      return codes.verificationCodes?.filter((c) => c.phoneNumber === e164).at(-1)?.code ?? null;
    },
    async deleteUsers() {
      await call(`/emulator/v1/projects/${projectId}/accounts`, { method: 'DELETE' });
    },
    async phoneIdToken(e164) {
      const sent = await call(`${toolkit}/accounts:sendVerificationCode?key=${EMULATOR_API_KEY}`, {
        method: 'POST',
        body: JSON.stringify({ phoneNumber: e164, recaptchaToken: 'emulator' }),
      });
      const codes = (await call(`/emulator/v1/projects/${projectId}/verificationCodes`)) as {
        verificationCodes?: { phoneNumber: string; sessionInfo: string; code: string }[];
      };
      const code = codes.verificationCodes?.find((c) => c.sessionInfo === sent.sessionInfo)?.code;
      if (!code) throw new Error(`the emulator holds no code for ${e164}`);
      const signedIn = await call(`${toolkit}/accounts:signInWithPhoneNumber?key=${EMULATOR_API_KEY}`, {
        method: 'POST',
        body: JSON.stringify({ sessionInfo: sent.sessionInfo, code }),
      });
      return String(signedIn.idToken);
    },
  };
}

async function waitUntilUp(host: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the Auth emulator exited:\n${output()}`);
    try {
      const res = await fetch(`http://${host}/emulator/v1/projects/x/config`);
      if (res.status < 500) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the Auth emulator did not start in time:\n${output()}`);
}
