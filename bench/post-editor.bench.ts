import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { launchBrowser } from '../test/support/browser';
import type { Suite } from './support';

const FILES = 20;
const BUDGET_MS = 16;
/** 280 characters with hashtags and a mention, as an artist writes them. */
const TEXT = 'Morning light over the harbour, oil on linen, 40 x 50 cm. Painted wet on wet in one sitting before the fog lifted. '
  .concat('Available from the studio this weekend, or write to me for a private viewing. #oilpainting #pleinair #harbour ')
  .concat('@gallery.bsky.social thank you for the frame!')
  .padEnd(280, '.');

const KEY_EVENTS = ['keydown', 'beforeinput', 'input', 'keyup'] as const;

/** The harness page (the real editor, production build) in a temporary folder, built as the app is built. */
async function buildHarness(): Promise<string> {
  const outDir = await fs.mkdtemp(path.join(os.tmpdir(), 'post-editor-bench-'));
  const built = spawnSync(
    'npx',
    ['--no', '--', 'vite', 'build', '--config', 'bench/post-editor-harness/vite.config.ts', '--outDir', outDir],
    { stdio: 'inherit' },
  );
  if (built.status !== 0) throw new Error('building the post editor page failed');
  return outDir;
}

/** Serves a folder on loopback (module scripts do not load from file://). */
function serve(dir: string): Promise<{ url: string; close: () => void }> {
  const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
  const server = http.createServer(async (req, res) => {
    const file = path.join(
      dir,
      path.normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(/^(\.\.[/\\])+/, ''),
    );
    try {
      const body = await fs.readFile(file.endsWith(path.sep) ? path.join(file, 'index.html') : file);
      res.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({ url: `http://127.0.0.1:${port}/index.html`, close: () => server.close() });
    }),
  );
}

/** Typing into the post editor with 20 files attached: how long the page's handlers take for each key. */
export const postEditorSuite: Suite = {
  title: 'Social: post editor typing',
  async run() {
    const dir = await buildHarness();
    const site = await serve(dir);
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      await page.goto(site.url);
      const images = await Promise.all(
        Array.from({ length: FILES }, async (_, i) => ({
          name: `painting-${i + 1}.png`,
          mimeType: 'image/png',
          buffer: await sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 20 * i, g: 120, b: 200 - 5 * i } } })
            .png()
            .toBuffer(),
        })),
      );
      await page.getByTestId('post-file-input').setInputFiles(images);
      await page
        .getByRole('list', { name: 'Post files' })
        .getByRole('listitem')
        .nth(FILES - 1)
        .waitFor();
      const attached = await page.getByRole('list', { name: 'Post files' }).getByRole('listitem').count();

      // Each key event's handlers, from the first listener (capture on window) to the last (bubble on window); React's
      // own root listener and the re-render it causes run in between. The browser's Event Timing entries say the same
      // for any event that took a frame or more.
      await page.evaluate((types) => {
        const w = window as unknown as {
          spans: Array<{ type: string; ms: number }>;
          slow: Array<{ type: string; processing: number; duration: number }>;
        };
        w.spans = [];
        w.slow = [];
        for (const type of types) {
          let start = 0;
          window.addEventListener(type, () => void (start = performance.now()), { capture: true });
          window.addEventListener(type, () => void w.spans.push({ type, ms: performance.now() - start }));
        }
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as PerformanceEventTiming[])
            w.slow.push({ type: e.name, processing: e.processingEnd - e.processingStart, duration: e.duration });
        }).observe({ type: 'event', durationThreshold: 16 } as PerformanceObserverInit);
      }, KEY_EVENTS);

      const content = page.getByLabel('Content');
      await content.click();
      await page.keyboard.type(TEXT, { delay: 15 });
      const counter = await page.getByTestId('post-counter').textContent();
      await page.waitForTimeout(200);
      const { spans, slow } = await page.evaluate(() => {
        const w = window as unknown as {
          spans: Array<{ type: string; ms: number }>;
          slow: Array<{ type: string; processing: number; duration: number }>;
        };
        return { spans: w.spans, slow: w.slow };
      });

      const worst = spans.reduce((a, b) => (b.ms > a.ms ? b : a), { type: '-', ms: 0 });
      const sorted = spans.map((s) => s.ms).sort((a, b) => a - b);
      const p95 = sorted[Math.ceil(sorted.length * 0.95) - 1] ?? 0;
      const slowKeys = slow.filter((e) => (KEY_EVENTS as readonly string[]).includes(e.type));
      const worstProcessing = Math.max(0, ...slowKeys.map((e) => e.processing));
      const pass = attached === FILES && counter === '280 / 280 characters' && worst.ms < BUDGET_MS && worstProcessing < BUDGET_MS;
      return [
        {
          name: `Post editor: key handlers while typing 280 characters with ${FILES} files attached`,
          budget: `every handler < ${BUDGET_MS} ms`,
          measured:
            `slowest ${worst.ms.toFixed(1)} ms (${worst.type}), p95 ${p95.toFixed(1)} ms over ${spans.length} key events; ` +
            `Event Timing: ${slowKeys.length} key events took a frame or more, slowest handler ${worstProcessing.toFixed(1)} ms; ` +
            `${attached} files attached, counter '${counter}'`,
          pass,
          method:
            'The real post editor (production build, no file limit) in Chromium with 20 PNG files attached; 280 characters typed ' +
            "15 ms apart; each key event timed from a window capture listener to a window bubble listener (React's root " +
            'listener and its re-render run in between), and the Event Timing API (processingEnd - processingStart) for any event of 16 ms or more.',
        },
      ];
    } finally {
      await browser.close();
      site.close();
      await fs.rm(dir, { recursive: true, force: true });
    }
  },
};
