import fs from 'node:fs';
import { spawnSync } from 'node:child_process';
import { ensureChromium } from '../../scripts/ensure-chromium';

/**
 * Browser tests need the built app, its QA build (dist/qa, for QA_TOOLS=true) and a real Chromium; build when either is
 * missing (npm test builds first).
 */
export default async function setup() {
  process.env.CHROME_PATH = await ensureChromium();
  if (!fs.existsSync('dist/index.html') || !fs.existsSync('dist/qa/index.html')) {
    const built = spawnSync('npm', ['run', 'build:client'], { stdio: 'inherit' });
    if (built.status !== 0) throw new Error('npm run build:client failed');
  }
}
