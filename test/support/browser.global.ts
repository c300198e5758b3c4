import { spawnSync } from 'node:child_process';
import { ensureTestChromium } from '../../scripts/ensure-chromium';
import { builtAt, newestChange } from './newest-change';

/** What `npm run build:client` reads: an app build older than any of these is stale. */
const CLIENT_SOURCES = ['src', 'public', 'styled-system', 'index.html', 'vite.config.ts', 'panda.config.ts', 'package-lock.json'];

/**
 * Browser tests need the built app, its QA build (dist/qa, for QA_TOOLS=true) and a real Chromium. Every test serves
 * the same build: the one `npm test` made in its build step, or, when it is missing or older than the app's sources
 * (browser tests run alone after a change), one made here, once.
 */
export default async function setup() {
  process.env.CHROME_PATH = await ensureTestChromium();
  const built = Math.min(builtAt('dist/index.html'), builtAt('dist/qa/index.html'));
  const changed = Math.max(...CLIENT_SOURCES.map(newestChange));
  if (built < changed) {
    console.log(built ? '[browser] the app changed since dist/ was built: building it again' : '[browser] building the app');
    const build = spawnSync('npm', ['run', 'build:client'], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('npm run build:client failed');
  }
}
