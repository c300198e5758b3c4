import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { median, startServer, type BudgetResult, type Suite } from './support';

const RUNS = 3;
export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];
/** The sign-in screen's budget: performance at least 95, the other three at 100. */
const BUDGET: Record<Category, number> = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };

export interface LighthouseReport {
  categories: Record<Category, { score: number | null }>;
  audits: Record<string, { score: number | null; title: string; displayValue?: string; numericValue?: number }>;
}

/** One Lighthouse run (its mobile defaults: a Moto G Power's screen, simulated slow 4G and a 4x slower CPU). */
export function lighthouse(url: string, out: string): LighthouseReport {
  const run = spawnSync(
    'npx',
    [
      '--no',
      '--',
      'lighthouse',
      url,
      `--chrome-path=${process.env.CHROME_PATH ?? '/usr/bin/chromium'}`,
      '--chrome-flags=--headless=new --no-sandbox',
      `--only-categories=${CATEGORIES.join(',')}`,
      '--output=json',
      `--output-path=${out}`,
      '--quiet',
    ],
    { encoding: 'utf8' },
  );
  if (run.status !== 0) throw new Error(`lighthouse failed: ${run.stderr.slice(-500)}`);
  return JSON.parse(fs.readFileSync(out, 'utf8')) as LighthouseReport;
}

/**
 * Lighthouse (12.8, mobile) on the sign-in screen served by the compiled server as `npm start` runs it: the median
 * of three runs per category, and the audits that cost points.
 */
export const lighthouseSuite: Suite = {
  title: 'Lighthouse on the sign-in screen (mobile)',
  async run() {
    const server = await startServer({ LOG_LEVEL: 'warn' });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lighthouse-'));
    try {
      const reports = Array.from({ length: RUNS }, (_, i) => lighthouse(`${server.url}/`, path.join(dir, `run-${i}.json`)));
      const scoreOf = (r: LighthouseReport, c: Category) => Math.round((r.categories[c].score ?? 0) * 100);
      const results: BudgetResult[] = CATEGORIES.map((c) => {
        const scores = reports.map((r) => scoreOf(r, c));
        const measured = median(scores);
        return {
          name: `Lighthouse ${c}`,
          budget: `>= ${BUDGET[c]}`,
          measured: `${measured} (runs: ${scores.join(', ')})`,
          pass: measured >= BUDGET[c],
          method: `Lighthouse 12.8 CLI, mobile defaults (simulated throttling), Debian's Chromium headless, on / of the compiled server (PGlite, new data directory); median of ${RUNS} runs.`,
        };
      });
      const last = reports.at(-1)!;
      const metrics = [
        'first-contentful-paint',
        'largest-contentful-paint',
        'total-blocking-time',
        'cumulative-layout-shift',
        'speed-index',
      ]
        .map((id) => `${last.audits[id]?.title}: ${last.audits[id]?.displayValue}`)
        .join('; ');
      const losing = Object.entries(last.audits)
        .filter(([, a]) => a.score !== null && a.score < 0.9 && !a.displayValue?.includes('Potential savings of 0'))
        .map(([id, a]) => `${id} (${a.score})`)
        .slice(0, 12);
      return {
        results,
        details: `Last run: ${metrics}.\nAudits under 0.9: ${losing.length ? losing.join(', ') : 'none'}.\n`,
      };
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
      await server.stop();
    }
  },
};
