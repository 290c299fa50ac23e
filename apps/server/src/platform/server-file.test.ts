import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { announceServer, runningServerPort } from './server-file.ts';

describe('server file', () => {
  it('tells the CLI which live server owns the data folder', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'aurum-sf-'));
    expect(runningServerPort(dir)).toBeNull();
    const withdraw = announceServer(dir, 8123);
    expect(runningServerPort(dir)).toBe(8123);
    withdraw();
    expect(runningServerPort(dir)).toBeNull();
  });
  it('ignores a file left by a dead process or garbage', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'aurum-sf-'));
    writeFileSync(path.join(dir, 'server.json'), JSON.stringify({ pid: 2 ** 22 + 12345, port: 1 }));
    expect(runningServerPort(dir)).toBeNull();
    writeFileSync(path.join(dir, 'server.json'), 'nonsense');
    expect(runningServerPort(dir)).toBeNull();
  });
});
