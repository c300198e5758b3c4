import { spawnSync } from 'node:child_process';
import { builtAt, newestChange } from './newest-change';

/** What `scripts/build-server.ts` reads: a server build older than any of these is stale. */
const SERVER_SOURCES = ['server', 'src', 'scripts/build-server.ts', 'package-lock.json'];

/**
 * Tests start the server as `npm start` runs it, from dist-server/: the bundle starts on about half the CPU of the
 * TypeScript source under tsx (measured 3.5 s against 6.6-7.1 s a start, and the crash tests start dozens). The build
 * is the one `npm test` made in its build step, or, when it is missing or older than the server's sources (a test run
 * alone after a change), one made here, once, before any test starts.
 */
export default function setup() {
  if (builtAt('dist-server/main.mjs') >= Math.max(...SERVER_SOURCES.map(newestChange))) return;
  console.log('[server] building dist-server/ for the tests');
  const build = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build-server.ts'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the server build failed');
}
