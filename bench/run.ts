import fs from 'node:fs';
import os from 'node:os';
import { spawnSync } from 'node:child_process';
import { ensureChromium } from '../scripts/ensure-chromium';
import { accountTimingSuite } from './account-timing.bench';
import { avatarUploadSuite } from './avatar-upload.bench';
import { BUNDLE_STATS_DIR } from './bundle-contents';
import { bundleSuite } from './bundle.bench';
import { exportSuite } from './export.bench';
import { fuzzSuite } from './fuzz.bench';
import { memorySuite } from './memory.bench';
import { portfolioSuite } from './portfolio.bench';
import { postEditorSuite } from './post-editor.bench';
import { scaleOutSuite } from './scale-out.bench';
import { schedulerSuite } from './scheduler.bench';
import { soakSuite } from './soak.bench';
import type { BudgetResult, Suite } from './support';
import { userThroughputSuite } from './user-throughput.bench';

const suites: Suite[] = [
  bundleSuite,
  memorySuite,
  userThroughputSuite,
  avatarUploadSuite,
  exportSuite,
  portfolioSuite,
  schedulerSuite,
  postEditorSuite,
  scaleOutSuite,
  fuzzSuite,
  accountTimingSuite,
  soakSuite,
];

/** `npm run bench`: measures every budget of the issues and writes the figures to BENCHMARKS.md. */
async function main() {
  process.env.CHROME_PATH = await ensureChromium();
  console.log('Building the app...');
  // The same build as npm start's, which also writes what each chunk holds to BUNDLE_STATS_DIR (outside dist/).
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', env: { ...process.env, BUNDLE_STATS_DIR } });
  if (build.status !== 0) throw new Error('npm run build failed');

  const only = process.argv.slice(2);
  const sections: string[] = [];
  let failed = 0;
  for (const suite of suites.filter((s) => !only.length || only.some((o) => s.title.toLowerCase().includes(o.toLowerCase())))) {
    console.log(`\n== ${suite.title}`);
    let results: BudgetResult[];
    let details = '';
    try {
      const report = await suite.run();
      ({ results, details = '' } = Array.isArray(report) ? { results: report } : report);
    } catch (err) {
      results = [{ name: suite.title, budget: '-', measured: `could not measure: ${(err as Error).message}`, pass: false, method: '-' }];
    }
    for (const r of results) {
      console.log(`${r.pass ? 'PASS' : 'FAIL'}  ${r.name}: ${r.measured} (budget ${r.budget})`);
      if (!r.pass) failed += 1;
    }
    if (details) console.log(`\n${details}`);
    sections.push(
      `## ${suite.title}\n\n| Budget | Limit | Measured | Result |\n|---|---|---|---|\n` +
        results.map((r) => `| ${r.name} | ${r.budget} | ${r.measured} | ${r.pass ? 'pass' : '**FAIL**'} |`).join('\n') +
        `\n\nHow: ${[...new Set(results.map((r) => r.method))].join(' ')}\n` +
        (details ? `\n${details}` : ''),
    );
  }

  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const header =
    `# Benchmarks\n\nWritten by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}: Node ${process.version}, ` +
    `${os.cpus().length} cores (${cpu}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB. Budgets come from the issues; ` +
    `each figure is measured in one run on this machine, not assumed.\n\n`;
  if (!only.length) fs.writeFileSync('BENCHMARKS.md', header + sections.join('\n'));
  else console.log('\n(Only some suites ran: BENCHMARKS.md left as it is.)');
  process.exitCode = failed ? 1 : 0;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
