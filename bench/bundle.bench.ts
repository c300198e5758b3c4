import zlib from 'node:zlib';
import { launchBrowser } from '../test/support/browser';
import { kb, startServer, type Suite } from './support';

const BUDGET = 150 * 1024;

/** Every script the browser downloads until the sign-in screen is usable, gzipped as a server would send it. */
export const bundleSuite: Suite = {
  title: 'JavaScript before the sign-in screen is usable',
  async run() {
    const server = await startServer({ LOG_LEVEL: 'warn' });
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      const scripts: Array<{ file: string; gzip: number }> = [];
      const pending: Array<Promise<void>> = [];
      page.on('response', (r) => {
        if (!r.url().endsWith('.js')) return;
        pending.push(r.body().then((body) => void scripts.push({ file: r.url().split('/').pop()!, gzip: zlib.gzipSync(body).length })));
      });
      const started = performance.now();
      await page.goto(server.url);
      const signIn = page.getByRole('button', { name: 'Sign In', exact: true });
      await signIn.waitFor();
      await page.getByLabel('Email').fill('usable@example.com');
      const usableMs = performance.now() - started;
      await page.waitForLoadState('networkidle');
      await Promise.all(pending);
      const total = scripts.reduce((sum, s) => sum + s.gzip, 0);
      return [
        {
          name: 'JS downloaded before the sign-in screen is usable (gzip)',
          budget: '<= 150 KB',
          measured: `${kb(total)} in ${scripts.length} files (${scripts.map((s) => `${s.file.replace(/-[\w-]{8}\.js$/, '')} ${kb(s.gzip)}`).join(', ')}); usable after ${usableMs.toFixed(0)} ms`,
          pass: total <= BUDGET,
          method: 'Chromium loads / from the built app served by the server; every .js response until the Email field takes input, gzipped (level 6).',
        },
      ];
    } finally {
      await browser.close();
      await server.stop();
    }
  },
};
