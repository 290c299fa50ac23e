import { defineConfig } from 'vitest/config';

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
          environment: 'jsdom',
          setupFiles: ['./src/testing/setup.ts'],
          // A page test types and clicks through jsdom: on a loaded 2-core machine (CI beside other
          // work) a few take longer than vitest's 5 s default without anything being wrong.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
