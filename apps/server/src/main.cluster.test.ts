/**
 * `WORKERS=N npm start` on one machine: N server processes share the port, one that dies is
 * replaced, and a signal to the primary shuts all down gracefully. With the embedded PGlite
 * the server says it runs one process.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './platform/config.ts';
import { migrate, openDatabase } from './platform/db.ts';
import { OPS_TOKEN } from './testing/app.ts';

const URL = process.env.TEST_DATABASE_URL;
const WAIT_MS = 45_000;

/** The server process and everything it has printed so far. */
class Run {
  output = '';
  constructor(readonly child: ChildProcess) {
    child.stdout?.on('data', (c: Buffer) => {
      this.output += c.toString();
    });
    child.stderr?.on('data', (c: Buffer) => {
      this.output += c.toString();
    });
  }

  /** Resolves with the first match of `re` in the output from `from` on, once it appears. */
  waitFor(re: RegExp, from = 0): Promise<RegExpExecArray> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const m = re.exec(this.output.slice(from));
        if (m) {
          cleanup();
          resolve(m);
        }
      };
      const onExit = () => {
        cleanup();
        reject(new Error(`the server exited:\n${this.output}`));
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`${re} did not appear:\n${this.output}`));
      }, WAIT_MS);
      const cleanup = () => {
        clearTimeout(timer);
        this.child.stdout?.off('data', check);
        this.child.stderr?.off('data', check);
        this.child.off('exit', onExit);
      };
      this.child.stdout?.on('data', check);
      this.child.stderr?.on('data', check);
      this.child.once('exit', onExit);
      check();
    });
  }

  exited(): Promise<number | null> {
    return new Promise((resolve) => {
      if (this.child.exitCode !== null || this.child.signalCode !== null) resolve(this.child.exitCode);
      else this.child.once('exit', (code) => resolve(code));
    });
  }
}

function start(env: Record<string, string>): Run {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      OPS_TOKEN,
      LOG_LEVEL: 'warn',
      REDIS_URL: '',
      ...env,
    },
  });
  return new Run(child);
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const status = async (port: number) =>
  (await fetch(`http://127.0.0.1:${port}/wps/system/status`, { headers: { Merchant: 'AURUM' } })).status;

describe.runIf(URL)('WORKERS=2 on postgres', () => {
  const schema = `t_cluster_${randomBytes(5).toString('hex')}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'aurum-cluster-'));
  const databaseUrl = `${URL}${URL?.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  let run: Run | null = null;

  beforeAll(async () => {
    const database = await openDatabase({ url: URL, schema, poolSize: 1 });
    await migrate(database);
    await database.close();
  });
  afterAll(async () => {
    if (run && run.child.exitCode === null) {
      run.child.kill('SIGKILL');
      await run.exited();
    }
    const admin = new pg.Client({ connectionString: URL });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves from two processes on one port, replaces one that dies, and shuts down gracefully', {
    timeout: 120_000,
  }, async () => {
    run = start({ WORKERS: '2', DATABASE_URL: databaseUrl, DATA_DIR: dataDir });
    const port = Number(
      (await run.waitFor(/running at http:\/\/localhost:(\d+) \(database: postgres, 2 processes\)/))[1],
    );
    await run.waitFor(/is listening[\s\S]*is listening/);
    const workers = [...run.output.matchAll(/worker (\d+) is listening on port (\d+)/g)];
    expect(workers).toHaveLength(2);
    expect(workers.every((w) => Number(w[2]) === port)).toBe(true);
    const pids = workers.map((w) => Number(w[1]));
    for (let i = 0; i < 6; i++) expect(await status(port)).toBe(200);

    // One worker dies: another takes its place, and the port keeps answering meanwhile.
    const mark = run.output.length;
    process.kill(pids[0]!, 'SIGKILL');
    await run.waitFor(new RegExp(`worker ${pids[0]} exited \\(SIGKILL\\); starting another`), mark);
    expect(await status(port)).toBe(200);
    const replacement = Number((await run.waitFor(/worker (\d+) is listening/, mark))[1]);
    expect(replacement).not.toBe(pids[0]);
    expect(await status(port)).toBe(200);

    // A signal to the primary ends every process, each after its own graceful close.
    run.child.kill('SIGTERM');
    expect(await run.exited()).toBe(0);
    expect([pids[1]!, replacement].filter(alive)).toEqual([]);
  });
});

describe('WORKERS=2 on the embedded database', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'aurum-cluster-pglite-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('says PGlite is one process and runs one', { timeout: 120_000 }, async () => {
    const run = start({ WORKERS: '2', DATABASE_URL: '', DATA_DIR: dataDir });
    await run.waitFor(/the embedded database \(PGlite\) is one process: running one/);
    const port = Number((await run.waitFor(/running at http:\/\/localhost:(\d+) \(database: pglite\)/))[1]);
    expect(await status(port)).toBe(200);
    expect(run.output).not.toMatch(/is listening/);
    run.child.kill('SIGTERM');
    expect(await run.exited()).toBe(0);
  });
});
