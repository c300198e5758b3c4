import { defineConfig } from 'vitest/config';

// `npm run test:scale`: several instances behind the proxy of deploy/. Kept out of `npm test`'s projects: it takes
// a minute of load on its own and CI runs it as a step of its own.
export default defineConfig({
  test: {
    name: 'scale',
    root: new URL('../..', import.meta.url).pathname,
    environment: 'node',
    include: ['test/scale/**/*.test.ts'],
    // The instances run the server as `npm start` does, from dist-server/ (built here when it is stale).
    globalSetup: ['test/support/server-build.global.ts'],
    testTimeout: 300_000,
    hookTimeout: 180_000,
  },
});
