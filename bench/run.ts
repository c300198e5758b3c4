import fs from 'node:fs';
import os from 'node:os';
import { spawnSync } from 'node:child_process';
import { ensureChromium } from '../scripts/ensure-chromium';
import { accountTimingSuite } from './account-timing.bench';
import { avatarUploadSuite } from './avatar-upload.bench';
import { bundleSuite } from './bundle.bench';
import { memorySuite } from './memory.bench';
import { portfolioSuite } from './portfolio.bench';
import { postEditorSuite } from './post-editor.bench';
import { scaleOutSuite } from './scale-out.bench';
import { schedulerSuite } from './scheduler.bench';
import type { BudgetResult, Suite } from './support';
import { userThroughputSuite } from './user-throughput.bench';

const suites: Suite[] = [bundleSuite, memorySuite, userThroughputSuite, avatarUploadSuite, portfolioSuite, schedulerSuite, postEditorSuite, scaleOutSuite, accountTimingSuite];

/** `npm run bench`: measures every budget of the issues and writes the figures to BENCHMARKS.md. */
async function main() {
  process.env.CHROME_PATH = await ensureChromium();
  console.log('Building the app...');
  if (spawnSync('npm', ['run', 'build'], { stdio: 'inherit' }).status !== 0) throw new Error('npm run build failed');

  const only = process.argv.slice(2);
  const sections: string[] = [];
  let failed = 0;
  for (const suite of suites.filter((s) => !only.length || only.some((o) => s.title.toLowerCase().includes(o.toLowerCase())))) {
    console.log(`\n== ${suite.title}`);
    let results: BudgetResult[];
    try {
      results = await suite.run();
    } catch (err) {
      results = [{ name: suite.title, budget: '-', measured: `could not measure: ${(err as Error).message}`, pass: false, method: '-' }];
    }
    for (const r of results) {
      console.log(`${r.pass ? 'PASS' : 'FAIL'}  ${r.name}: ${r.measured} (budget ${r.budget})`);
      if (!r.pass) failed += 1;
    }
    sections.push(
      `## ${suite.title}\n\n| Budget | Limit | Measured | Result |\n|---|---|---|---|\n` +
        results.map((r) => `| ${r.name} | ${r.budget} | ${r.measured} | ${r.pass ? 'pass' : '**FAIL**'} |`).join('\n') +
        `\n\nHow: ${[...new Set(results.map((r) => r.method))].join(' ')}\n`,
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
