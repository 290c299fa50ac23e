import { defineConfig } from 'vitest/config';

/**
 * Web test files that replace a module with vi.mock: each needs a module cache of its own (a
 * mock would leak into the files after it, and a module another file loaded first would not be
 * mocked). web-isolation.test.ts checks that every such file is listed here.
 */
export const WEB_MOCKING = [
  'src/features/accounts/session/model/model.test.ts',
  'src/features/accounts/session/components/register-firebase.test.tsx',
  'src/features/accounts/session/components/login-ip-check.test.tsx',
  'src/lib/account/firebase/sdk.emulator.test.ts',
  'src/lib/account/sign-in.test.ts',
];

export default defineConfig({
  test: {
    // Two files at a time even on a 2-core machine (vitest's default is cores - 1): most of a
    // server test's time is spent waiting on the database. Files never share state: each has
    // its own PGlite or PostgreSQL schema (whose NOTIFY channels are its own too).
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'node',
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: WEB_MOCKING,
          environment: 'jsdom',
          setupFiles: ['./src/testing/setup.ts'],
          // The files of a worker share one module cache (each still gets a fresh jsdom and the
          // setup file's clean-up): loading React, the router and the app's modules once per
          // worker instead of once per file took the web tests from about 12 to under 3 minutes
          // of a 2-core machine. A file that replaces a module (vi.mock) runs in `web-mocking`.
          isolate: false,
          // A page test types and clicks through jsdom: on a loaded 2-core machine (CI beside other
          // work) a few take longer than vitest's 5 s default without anything being wrong.
          testTimeout: 20_000,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web-mocking',
          root: './apps/web',
          include: WEB_MOCKING,
          environment: 'jsdom',
          setupFiles: ['./src/testing/setup.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
