// Starts the real server for the browser tests on a fresh embedded database.
import { spawn } from 'node:child_process';
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: e2e-server.mjs <data dir>');
rmSync(dataDir, { recursive: true, force: true });

// The demo's configuration, with one more house tier for daily salaries below the demo's own
// (a team bet of 10.00): a journey's single bet reaches it, where the demo's first tier asks for
// 50,000 and three active members. Nothing else differs from config/.
const configDir = `${dataDir}-config`;
rmSync(configDir, { recursive: true, force: true });
cpSync(path.join(root, 'config'), configDir, { recursive: true });
const contractsFile = path.join(configDir, 'contracts.json');
const contracts = JSON.parse(readFileSync(contractsFile, 'utf8'));
contracts.house.daily.tiers.unshift({ min: { teamBet: '10' }, percent: '1.0' });
writeFileSync(contractsFile, JSON.stringify(contracts, null, 2));

// scripts/e2e-app.ts: the app with a clock the harness moves (E2E_CLOCK_PORT, loopback only).
const server = spawn(process.execPath, ['--import', 'tsx', 'scripts/e2e-app.ts'], {
  cwd: root,
  stdio: 'inherit',
  // As `npm start` runs it: React's production renderer for the home page rendered ahead.
  env: {
    ...process.env,
    NODE_ENV: process.env.NODE_ENV ?? 'production',
    DATA_DIR: dataDir,
    CONFIG_DIR: configDir,
  },
});
const stop = (signal) => server.kill(signal);
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
server.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(configDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
