import { defineConfig } from 'vitest/config';

// `npm run test:scale`: several instances behind the proxy of deploy/. Kept out of `npm test`'s projects: it takes
// a minute of load on its own and CI runs it as a step of its own.
export default defineConfig({
  test: {
    name: 'scale',
    root: new URL('../..', import.meta.url).pathname,
    environment: 'node',
    include: ['test/scale/**/*.test.ts'],
    testTimeout: 300_000,
    hookTimeout: 180_000,
    // Three instances, a PDS, PostgreSQL and the proxy on one small runner: a runner starved of CPU can fail the
    // proxy's health checks for reasons that are not the product's. A second run from scratch tells them apart;
    // a real defect fails both.
    retry: 1,
  },
});
