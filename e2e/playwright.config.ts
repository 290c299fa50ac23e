import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import {
  clockPortOf,
  dataDirOf,
  E2E_EXCLUSIVE_PORT,
  E2E_FIREBASE_PORT,
  E2E_OPS_TOKEN,
  E2E_PORT,
} from './support/env.ts';

// Set once by the runner; its workers inherit it, so a journey finds its server's config folder.
process.env.AURUM_E2E_DATA_DIR ??= path.join(os.tmpdir(), `aurum-e2e-${process.pid}`);

/** Journeys that switch something every visitor sees, or move the server's clock. */
const EXCLUSIVE = [
  '**/shell.spec.ts',
  '**/games.spec.ts',
  '**/content.spec.ts',
  '**/console-content.spec.ts',
  '**/agent-contracts.spec.ts',
  '**/unrecognised-signin.spec.ts',
  '**/firebase.spec.ts',
];

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // Runs once the server is up (Playwright starts webServer first).
  globalSetup: './global-setup.ts',
  // Two files at a time; within a file, its journeys in order. The files that change what every
  // page sees (maintenance, region, a vendor's maintenance, site-wide content and popups, the
  // harness clock) are the `exclusive` project: one at a time, on a server of their own, beside
  // the others.
  workers: 2,
  fullyParallel: false,
  retries: process.env.CI ? 1 : 0,
  // A journey is many steps; two at once on two cores (with the ops CLI's processes beside them)
  // can take twice their time alone (the statement journey: 24 s alone, over 60 s in a full run).
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: path.join(os.tmpdir(), 'aurum-e2e-results'),
  use: {
    launchOptions: {
      executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    locale: 'en-US',
    // The site's service worker (apps/web/src/lib/download/pwa) stays out of every journey but
    // download.spec.ts, which allows it; a worker must never answer another journey's requests.
    serviceWorkers: 'block',
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'shared', testIgnore: EXCLUSIVE, use: { baseURL: `http://127.0.0.1:${E2E_PORT}` } },
    {
      name: 'exclusive',
      testMatch: EXCLUSIVE,
      workers: 1,
      use: { baseURL: `http://127.0.0.1:${E2E_EXCLUSIVE_PORT}` },
    },
  ],
  webServer: [E2E_PORT, E2E_EXCLUSIVE_PORT].map(testServer),
});

/** A real server on a fresh embedded database of its own (scripts/e2e-server.mjs). */
function testServer(port: number) {
  return {
    command: `node scripts/e2e-server.mjs ${dataDirOf(port)}`,
    cwd: path.resolve(import.meta.dirname, '..'),
    url: `http://127.0.0.1:${port}/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      E2E_CLOCK_PORT: String(clockPortOf(port)),
      HOST: '127.0.0.1',
      OPS_TOKEN: E2E_OPS_TOKEN,
      LOG_LEVEL: 'warn',
      // The account journeys arrive "through a proxy" with a client address of their own each,
      // as real visitors do, so the per-client rate limits apply per journey, not to the suite.
      TRUSTED_PROXIES: '127.0.0.1,::1',
      // firebase.spec.ts's emulator: only asked while that journey turns the firebase channel on.
      FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${E2E_FIREBASE_PORT}`,
    },
  };
}
