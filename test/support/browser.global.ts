import fs from 'node:fs';
import { spawnSync } from 'node:child_process';
import { ensureChromium } from '../../scripts/ensure-chromium';

/** Browser tests need the built app and a real Chromium; build when dist/ is missing (npm test builds first). */
export default async function setup() {
  process.env.CHROME_PATH = await ensureChromium();
  if (!fs.existsSync('dist/index.html')) {
    const built = spawnSync('npx', ['--no', 'vite', 'build'], { stdio: 'inherit' });
    if (built.status !== 0) throw new Error('vite build failed');
  }
}
