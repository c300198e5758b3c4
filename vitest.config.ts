import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const alias = { 'styled-system': new URL('./styled-system', import.meta.url).pathname };

// One project per kind of test. Server tests run twice: on PGlite and on a throwaway PostgreSQL.
export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        plugins: [react()],
        resolve: { alias },
        test: {
          name: 'app',
          environment: 'jsdom',
          include: ['test/app/**/*.test.{ts,tsx}', 'test/model/**/*.test.{ts,tsx}'],
          setupFiles: ['test/app/setup.ts'],
          globalSetup: ['test/model/harness/coverage.global.ts'],
          testTimeout: 20_000,
        },
      },
      {
        resolve: { alias },
        test: { name: 'unit', environment: 'node', include: ['test/unit/**/*.test.ts'], testTimeout: 60_000 },
      },
      {
        resolve: { alias },
        test: {
          name: 'server:pglite',
          environment: 'node',
          include: ['test/server/**/*.test.ts'],
          // Several server processes sharing one database: PostgreSQL only.
          exclude: ['test/server/**/*.pg.test.ts'],
          env: { TEST_DB: 'pglite' },
          globalSetup: ['test/support/pglite.global.ts', 'test/support/pds.global.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'server:postgres',
          environment: 'node',
          include: ['test/server/**/*.test.ts'],
          env: { TEST_DB: 'postgres' },
          globalSetup: ['test/support/postgres.global.ts', 'test/support/pglite.global.ts', 'test/support/pds.global.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'browser',
          environment: 'node',
          include: ['test/browser/**/*.test.ts'],
          globalSetup: ['test/support/browser.global.ts', 'test/support/pglite.global.ts', 'test/support/pds.global.ts'],
          fileParallelism: false,
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
