import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A running server leaves `server.json` (pid and port) in its data folder, so the operator CLI
 * finds it and never opens the embedded database, which only one process may own, behind its
 * back.
 */
const fileOf = (dataDir: string) => path.join(dataDir, 'server.json');

export function announceServer(dataDir: string, port: number): () => void {
  const file = fileOf(dataDir);
  writeFileSync(file, JSON.stringify({ pid: process.pid, port }), { mode: 0o600 });
  return () => rmSync(file, { force: true });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The port of the live server that owns this data folder, or null when none runs. */
export function runningServerPort(dataDir: string): number | null {
  try {
    const { pid, port } = JSON.parse(readFileSync(fileOf(dataDir), 'utf8')) as { pid: number; port: number };
    return Number.isInteger(pid) && Number.isInteger(port) && alive(pid) ? port : null;
  } catch {
    return null;
  }
}
