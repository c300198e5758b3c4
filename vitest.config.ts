import os from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { useRamTmpdir } from './test/support/ram-tmpdir.ts';

// Before any worker, database or server starts: they all inherit it (test/support/ram-tmpdir.ts says why).
useRamTmpdir();

const alias = { 'styled-system': new URL('./styled-system', import.meta.url).pathname };

/**
 * Which database a server test runs on is in its file's name (README, "Which database a server test runs on"):
 *   test/server/**\/*.test.ts     once, on PGlite (the embedded default);
 *   test/server/**\/*.db.test.ts  on PGlite and again on PostgreSQL: what it checks depends on the database;
 *   test/server/**\/*.pg.test.ts  on PostgreSQL only: it needs what only PostgreSQL has.
 */
const SERVER_TESTS = 'test/server/**/*.test.ts';
const BOTH_DATABASES = 'test/server/**/*.db.test.ts';
const POSTGRES_ONLY = 'test/server/**/*.pg.test.ts';

/*
 * isolate: false, in every project but app:isolated: each worker imports the server (or jsdom and the app, or
 * Playwright and axe) once and runs file after file on that module cache, instead of importing them again for every
 * file. Measured: 19 server files took 139 s of CPU isolated and 78 s not; the app project 424 s against 229; the unit
 * project 47-52 s against 38-42; the browser project's test processes 90 s against 129, on a machine no faster (its
 * browsers and servers took more, not less). Each server or browser file starts its own servers and databases. What
 * an app file leaves in the process it shares (timers, stubbed globals, the document, an open act() scope) is put back,
 * or failed on, by test/app/setup.ts; no unit, server or browser file replaces a module
 * (test/unit/test-isolation.test.ts).
 */

const APP_TESTS = ['test/app/**/*.test.{ts,tsx}', 'test/model/**/*.test.{ts,tsx}'];
const ISOLATED_APP_TESTS = 'test/app/**/*.isolated.test.{ts,tsx}';
const APP = { environment: 'jsdom', setupFiles: ['test/app/setup.ts'], testTimeout: 20_000 };

export default defineConfig({
  resolve: { alias },
  test: {
    // Vitest's default keeps a core for its own process: one worker on two cores, every file after the other. The files
    // are independent (each with its own databases, servers and accounts) and a server test spends much of its time
    // waiting on PostgreSQL, the PDS or a server it started: one worker more than the cores. On 2 cores, npm test took
    // 952 s with 3 workers (1.90 cores busy) against 1066 s with 2 (1.64); 4 made model tests time out.
    maxWorkers: Math.max(2, os.availableParallelism()) + 1,
    // Beside the usual report, each file's time, for the slowest files `npm test` lists at the end.
    reporters: ['default', './test/support/file-times.reporter.ts'],
    projects: [
      {
        plugins: [react()],
        resolve: { alias },
        test: {
          ...APP,
          name: 'app',
          include: APP_TESTS,
          exclude: [ISOLATED_APP_TESTS],
          isolate: false,
          globalSetup: ['test/model/harness/coverage.global.ts'],
        },
      },
      {
        plugins: [react()],
        resolve: { alias },
        // A file that replaces a module (vi.mock) needs a module cache of its own: in a shared one, the files before it
        // have already bound the real module (test/unit/test-isolation.test.ts holds the naming).
        test: { ...APP, name: 'app:isolated', include: [ISOLATED_APP_TESTS] },
      },
      {
        resolve: { alias },
        test: {
          name: 'unit',
          environment: 'node',
          include: ['test/unit/**/*.test.ts'],
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'server:pglite',
          environment: 'node',
          include: [SERVER_TESTS],
          exclude: [POSTGRES_ONLY],
          env: { TEST_DB: 'pglite' },
          isolate: false,
          globalSetup: ['test/support/pglite.global.ts', 'test/support/server-build.global.ts', 'test/support/pds.global.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'server:postgres',
          environment: 'node',
          include: [BOTH_DATABASES, POSTGRES_ONLY],
          env: { TEST_DB: 'postgres' },
          isolate: false,
          globalSetup: [
            'test/support/postgres.global.ts',
            'test/support/pglite.global.ts',
            'test/support/server-build.global.ts',
            'test/support/pds.global.ts',
          ],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'browser',
          // In the same pool as the other projects' files. A project limited to one file at a time is run by vitest
          // after every other file, as a group of its own: its 850 s of files were a tail no other file overlapped.
          environment: 'node',
          include: ['test/browser/**/*.test.ts'],
          isolate: false,
          globalSetup: [
            'test/support/browser.global.ts',
            'test/support/pglite.global.ts',
            'test/support/server-build.global.ts',
            'test/support/pds.global.ts',
          ],
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
