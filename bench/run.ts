import fs from 'node:fs';
import os from 'node:os';
import { spawnSync } from 'node:child_process';
import { ensureChromium } from '../scripts/ensure-chromium';
import { accountTimingSuite } from './account-timing.bench';
import { artworkDropSuite } from './artwork-drop.bench';
import { artworkHistorySuite } from './artwork-history.bench';
import { artworkImportSuite } from './artwork-import.bench';
import { avatarUploadSuite } from './avatar-upload.bench';
import { BUNDLE_STATS_DIR } from './bundle-contents';
import { bundleSuite } from './bundle.bench';
import { exportSuite } from './export.bench';
import { fuzzSuite } from './fuzz.bench';
import { instagramSuite } from './instagram.bench';
import { lighthouseSuite } from './lighthouse.bench';
import { linkCardSuite } from './link-card.bench';
import { mediaFitSuite } from './media-fit.bench';
import { memorySuite } from './memory.bench';
import { metricsSuite } from './metrics.bench';
import { paperworkSuite } from './paperwork.bench';
import { portfolioSuite } from './portfolio.bench';
import { postEditorSuite } from './post-editor.bench';
import { publicSiteSuite } from './public-site.bench';
import { scaleOutSuite } from './scale-out.bench';
import { schedulerSuite } from './scheduler.bench';
import { soakSuite } from './soak.bench';
import { testTimeSuite } from './test-time.bench';
import { threadSuite } from './thread.bench';
import type { BudgetResult, Suite } from './support';
import { userThroughputSuite } from './user-throughput.bench';

const suites: Suite[] = [
  bundleSuite,
  lighthouseSuite,
  memorySuite,
  userThroughputSuite,
  avatarUploadSuite,
  exportSuite,
  portfolioSuite,
  artworkDropSuite,
  publicSiteSuite,
  schedulerSuite,
  threadSuite,
  instagramSuite,
  metricsSuite,
  postEditorSuite,
  linkCardSuite,
  mediaFitSuite,
  scaleOutSuite,
  fuzzSuite,
  accountTimingSuite,
  artworkHistorySuite,
  artworkImportSuite,
  paperworkSuite,
  soakSuite,
  // Last: it runs CI itself on a fresh clone (about half an hour), and nothing else should share the cores meanwhile.
  testTimeSuite,
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
  else {
    fs.writeFileSync(
      'BENCHMARKS.md',
      replaceSections(fs.readFileSync('BENCHMARKS.md', 'utf8'), sections, only.map((n) => (n.includes(' ') ? `"${n}"` : n)).join(' ')),
    );
    console.log('\n(Only some suites ran: their sections in BENCHMARKS.md were replaced, each marked with this run.)');
  }
  process.exitCode = failed ? 1 : 0;
}

/**
 * `npm run bench <names>` measures only some suites: their sections replace the same sections of the last full run,
 * each saying when and how it was measured, so every figure still comes from one run of its suite on this machine.
 */
function replaceSections(previous: string, sections: string[], names: string) {
  const titleOf = (section: string) => section.slice(3, section.indexOf('\n'));
  const [head, ...old] = previous.split(/^(?=## )/m);
  const fresh = new Map(
    sections.map((s) => [
      titleOf(s),
      s.replace(
        '\n\n',
        `\n\nMeasured ${new Date().toISOString().slice(0, 10)} by \`npm run bench ${names}\` on ${os.cpus().length} cores, apart from the full run above.\n\n`,
      ),
    ]),
  );
  const kept = old.map((s) => fresh.get(titleOf(s)) ?? s);
  const added = [...fresh].filter(([title]) => !old.some((s) => titleOf(s) === title)).map(([, s]) => s);
  return head + [...kept.map((s) => s.trimEnd() + '\n'), ...added].join('\n');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
